import { fireEvent, screen } from '@testing-library/react';
import type { FormField } from '@yuan/contract/lowcode/form-json';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../shared/i18n/index.ts';
import { renderInApp } from '../../../test/renderScreen.tsx';
import { stubLayout } from '../../../test/schemaForm.tsx';
import { FieldPanel } from './FieldPanel.tsx';

initI18n();

beforeEach(stubLayout);

const TITLE = {
  eleNo: 'title',
  eleName: '标题',
  verifyJson: { required: true, stringRange: [0, 30] as [number, number] },
};

function renderPanel(field: FormField) {
  const onChange = vi.fn();
  const onChangeType = vi.fn();
  renderInApp(
    <FieldPanel
      field={field}
      takenProps={[field.prop ?? '']}
      entityFields={[TITLE]}
      onChange={onChange}
      onChangeType={onChangeType}
    />,
  );
  return { onChange, onChangeType };
}

describe('FieldPanel', () => {
  it('binds an entity field: prop, label, required and length bound', async () => {
    const { onChange } = renderPanel({ type: 'input', prop: '1_1', label: '单行文本', span: 12 });
    fireEvent.mouseDown(screen.getByLabelText('entityField'));
    fireEvent.click(await screen.findByTitle('标题 (title)'));
    expect(onChange).toHaveBeenCalledWith({
      type: 'input',
      prop: 'title',
      label: '标题',
      span: 12,
      required: true,
      maxlength: 30,
    });
  });

  it('ticking required sets the flag the required rule is built from', () => {
    const { onChange } = renderPanel({ type: 'input', prop: 'a', label: 'A' });
    fireEvent.click(screen.getByLabelText('required'));
    expect(onChange).toHaveBeenCalledWith({ type: 'input', prop: 'a', label: 'A', required: true });
  });

  it("sets an upload's address, link key, drag, file list and watermark placement", () => {
    const field: FormField = { type: 'upload', prop: 'files', label: '附件' };
    const { onChange } = renderPanel(field);
    fireEvent.change(screen.getByLabelText('action'), { target: { value: '/api/own/put' } });
    expect(onChange).toHaveBeenLastCalledWith({ ...field, action: '/api/own/put' });
    fireEvent.change(screen.getByLabelText('propsHttp.url'), { target: { value: 'url' } });
    expect(onChange).toHaveBeenLastCalledWith({ ...field, propsHttp: { url: 'url' } });
    fireEvent.click(screen.getByLabelText('drag'));
    expect(onChange).toHaveBeenLastCalledWith({ ...field, drag: true });
    // Shown by default (SPEC §3): switching it off stores false.
    fireEvent.click(screen.getByLabelText('showFileList'));
    expect(onChange).toHaveBeenLastCalledWith({ ...field, showFileList: false });
    fireEvent.change(screen.getByLabelText('canvasOption.bottom'), { target: { value: '12' } });
    expect(onChange).toHaveBeenLastCalledWith({ ...field, canvasOption: { bottom: 12 } });
  });

  it('passes a type change on, and shows the schema message of a broken field', async () => {
    const { onChangeType } = renderPanel({ type: 'textarea', prop: 'a', minRows: 5, maxRows: 3 });
    expect(screen.getByRole('alert').textContent).toContain('最小行数不能大于最大行数');
    fireEvent.mouseDown(screen.getByLabelText('type'));
    fireEvent.click(await screen.findByTitle('计数器'));
    expect(onChangeType).toHaveBeenCalledWith('number');
  });
});
