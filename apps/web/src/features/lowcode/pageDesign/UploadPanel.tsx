import { FORM_LIMITS } from '@yuan/contract/lowcode/form-fields';
import type { CanvasOption } from '@yuan/contract/lowcode/form-json';
import { Input, InputNumber, Select } from 'antd';
import type { TextKey } from '../../../shared/i18n/index.ts';
import { type FieldPartProps, NumberProp, PropRow, SwitchProp, TextProp, withProp } from './panelParts.tsx';

const LIST_TYPES = ['text', 'picture-card', 'picture-img', 'picture'];

/** The upload's properties (SPEC §3 upload options) that the renderer acts on, watermark included. */
export function UploadPanel({ field, onChange }: FieldPartProps) {
  const watermark = field.canvasOption ?? {};
  const setWatermark = (key: keyof CanvasOption, value: string | number | null) => {
    const { [key]: _dropped, ...rest } = watermark;
    const next = value === null || value === '' ? rest : { ...rest, [key]: value };
    onChange(withProp(field, 'canvasOption', Object.keys(next).length > 0 ? next : null));
  };
  /** A number of the watermark: whole pixels from 0 unless the SPEC §5 bounds say otherwise. */
  const number = (
    key: 'fontSize' | 'bottom' | 'right' | 'opacity' | 'ratio',
    label: TextKey,
    bounds: { min: number; max?: number; step?: number } = { min: 0 },
  ) => (
    <PropRow label={label}>
      <InputNumber
        aria-label={`canvasOption.${key}`}
        style={{ width: '100%' }}
        precision={bounds.step === undefined ? 0 : undefined}
        {...bounds}
        value={watermark[key]}
        onChange={(value) => setWatermark(key, value)}
      />
    </PropRow>
  );
  return (
    <>
      <TextProp field={field} onChange={onChange} name="action" label="pageDesign.upload.action" />
      <PropRow label="pageDesign.upload.linkKey">
        <Input
          aria-label="propsHttp.url"
          placeholder="link"
          value={field.propsHttp?.url ?? ''}
          onChange={(event) => {
            const { url: _url, ...rest } = field.propsHttp ?? {};
            const url = event.target.value;
            const next = url === '' ? rest : { ...rest, url };
            onChange(withProp(field, 'propsHttp', Object.keys(next).length > 0 ? next : null));
          }}
        />
      </PropRow>
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
      <SwitchProp
        field={field}
        onChange={onChange}
        name="multiple"
        label="pageDesign.upload.multiple"
        fallback
      />
      <SwitchProp
        field={field}
        onChange={onChange}
        name="showFileList"
        label="pageDesign.upload.showFileList"
        fallback
      />
      <SwitchProp field={field} onChange={onChange} name="drag" label="pageDesign.upload.drag" />
      <PropRow label="pageDesign.upload.listType">
        <Select
          aria-label="listType"
          value={field.listType ?? 'text'}
          options={LIST_TYPES.map((value) => ({ value, label: value }))}
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
      <PropRow label="pageDesign.upload.fontFamily">
        <Input
          aria-label="canvasOption.fontFamily"
          placeholder="sans-serif"
          value={watermark.fontFamily ?? ''}
          onChange={(event) => setWatermark('fontFamily', event.target.value)}
        />
      </PropRow>
      {number('fontSize', 'pageDesign.upload.fontSize')}
      {number('bottom', 'pageDesign.upload.bottom')}
      {number('right', 'pageDesign.upload.right')}
      {number('opacity', 'pageDesign.upload.opacity', FORM_LIMITS.opacity)}
      {number('ratio', 'pageDesign.upload.ratio', FORM_LIMITS.ratio)}
    </>
  );
}
