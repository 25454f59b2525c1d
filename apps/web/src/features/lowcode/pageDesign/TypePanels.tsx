import { DATE_FORMATS, FORM_LIMITS } from '@yuan/contract/lowcode/form-fields';
import { Input, InputNumber, Select } from 'antd';
import { type FieldPartProps, NumberProp, PropRow, SwitchProp, TextProp, withProp } from './panelParts.tsx';

const TEXT_TYPES = new Set(['input', 'password', 'textarea', 'url']);
// The date and time family: the types that have display and stored formats.
const DATE_TYPES = new Set(Object.keys(DATE_FORMATS));

function UploadPanel({ field, onChange }: FieldPartProps) {
  const watermark = field.canvasOption ?? {};
  const setWatermark = (key: 'text' | 'opacity' | 'ratio', value: string | number | null) => {
    const { [key]: _dropped, ...rest } = watermark;
    const next = value === null || value === '' ? rest : { ...rest, [key]: value };
    onChange(withProp(field, 'canvasOption', Object.keys(next).length > 0 ? next : null));
  };
  return (
    <>
      <TextProp field={field} onChange={onChange} name="accept" label="pageDesign.upload.accept" />
      <NumberProp
        field={field}
        onChange={onChange}
        name="filesize"
        label="pageDesign.upload.filesize"
        min={FORM_LIMITS.filesize.min}
      />
      <NumberProp
        field={field}
        onChange={onChange}
        name="limit"
        label="pageDesign.upload.limit"
        min={FORM_LIMITS.uploadLimit.min}
      />
      <PropRow label="pageDesign.upload.listType">
        <Select
          aria-label="listType"
          value={field.listType ?? 'text'}
          options={['text', 'picture-card', 'picture-img', 'picture'].map((value) => ({
            value,
            label: value,
          }))}
          onChange={(value) => onChange({ ...field, listType: value })}
        />
      </PropRow>
      <TextProp field={field} onChange={onChange} name="tip" label="pageDesign.upload.tip" />
      <PropRow label="pageDesign.upload.watermark">
        <Input
          aria-label="canvasOption.text"
          value={watermark.text ?? ''}
          onChange={(event) => setWatermark('text', event.target.value)}
        />
      </PropRow>
      <PropRow label="pageDesign.upload.opacity">
        <InputNumber
          aria-label="canvasOption.opacity"
          style={{ width: '100%' }}
          {...FORM_LIMITS.opacity}
          value={watermark.opacity}
          onChange={(value) => setWatermark('opacity', value)}
        />
      </PropRow>
      <PropRow label="pageDesign.upload.ratio">
        <InputNumber
          aria-label="canvasOption.ratio"
          style={{ width: '100%' }}
          {...FORM_LIMITS.ratio}
          value={watermark.ratio}
          onChange={(value) => setWatermark('ratio', value)}
        />
      </PropRow>
    </>
  );
}

/** The properties only some types have: text length, number bounds, rows, date formats, upload, rate, slider. */
export function TypePanel({ field, onChange }: FieldPartProps) {
  const type = field.type ?? 'input';
  const part = { field, onChange };
  return (
    <>
      {TEXT_TYPES.has(type) ? (
        <>
          <NumberProp {...part} name="maxlength" label="pageDesign.field.maxlength" min={0} />
          <SwitchProp {...part} name="showWordLimit" label="pageDesign.field.showWordLimit" />
        </>
      ) : null}
      {type === 'textarea' ? (
        <>
          <NumberProp
            {...part}
            name="minRows"
            label="pageDesign.field.minRows"
            min={FORM_LIMITS.minRows.min}
          />
          <NumberProp
            {...part}
            name="maxRows"
            label="pageDesign.field.maxRows"
            min={FORM_LIMITS.maxRows.min}
          />
        </>
      ) : null}
      {type === 'number' ? (
        <>
          <NumberProp {...part} name="min" label="pageDesign.field.min" />
          <NumberProp {...part} name="max" label="pageDesign.field.max" />
          <NumberProp {...part} name="step" label="pageDesign.field.step" min={0} />
          <NumberProp
            {...part}
            name="precision"
            label="pageDesign.field.precision"
            {...FORM_LIMITS.precision}
          />
        </>
      ) : null}
      {DATE_TYPES.has(type) ? (
        <>
          <TextProp {...part} name="format" label="pageDesign.field.format" />
          <TextProp {...part} name="valueFormat" label="pageDesign.field.valueFormat" />
        </>
      ) : null}
      {type === 'rate' ? (
        <>
          <NumberProp {...part} name="max" label="pageDesign.field.max" min={1} />
          <SwitchProp {...part} name="showText" label="pageDesign.field.showText" />
        </>
      ) : null}
      {type === 'slider' ? (
        <>
          <NumberProp {...part} name="min" label="pageDesign.field.min" min={FORM_LIMITS.sliderMin.min} />
          <NumberProp {...part} name="max" label="pageDesign.field.max" />
          <NumberProp {...part} name="step" label="pageDesign.field.step" min={FORM_LIMITS.sliderStep.min} />
          <SwitchProp {...part} name="showStops" label="pageDesign.field.showStops" />
          <SwitchProp {...part} name="showInput" label="pageDesign.field.showInput" />
        </>
      ) : null}
      {type === 'upload' ? <UploadPanel {...part} /> : null}
    </>
  );
}
