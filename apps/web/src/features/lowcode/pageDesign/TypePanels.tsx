import { DATE_FORMATS, FORM_LIMITS } from '@yuan/contract/lowcode/form-fields';
import { type FieldPartProps, NumberProp, SwitchProp, TextProp } from './panelParts.tsx';
import { UploadPanel } from './UploadPanel.tsx';

const TEXT_TYPES = new Set(['input', 'password', 'textarea', 'url']);
// The date and time family: the types that have display and stored formats.
const DATE_TYPES = new Set(Object.keys(DATE_FORMATS));

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
