import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../shared/i18n/index.ts';
import { renderPageDesigner } from '../../../test/pageDesigner.tsx';
import { setUpRequests } from '../../../test/requestHarness.ts';
import { envelope } from '../../../test/responses.ts';
import { stubLayout } from '../../../test/schemaForm.tsx';

initI18n();

const { fetchMock, toast } = setUpRequests();

beforeEach(stubLayout);

const PAGE = { id: '7', pageNo: 'order', pageName: '订单', entId: '3' };

/** Answers the page, its entity and the save; returns the bodies of the saves. */
function serve(formJson: unknown): Record<string, unknown>[] {
  const saved: Record<string, unknown>[] = [];
  fetchMock.mockImplementation(async (url, init) => {
    const path = String(url);
    if (path.includes('dtpage/getDetail')) {
      return envelope({ ...PAGE, formJson });
    }
    if (path.includes('dtentity/getDetail')) {
      return envelope({ id: '3', elements: [] });
    }
    saved.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
    return envelope(true);
  });
  return saved;
}

function renderDesigner() {
  return renderPageDesigner();
}

describe('PageDesignPage', () => {
  it('appends a field with a generated prop when a palette item is clicked', async () => {
    serve(null);
    fireEvent.click(await renderDesigner());
    const field = await screen.findByTestId(/^canvas-field-\d+_\d+$/);
    expect(within(field).getByText('单行文本')).toBeTruthy();
    // The new field is selected: its properties are shown.
    expect((screen.getByLabelText('label') as HTMLInputElement).value).toBe('单行文本');
  });

  it('copies and deletes the selected field, and undoes with the keyboard', async () => {
    serve({ column: [{ type: 'input', prop: 'name', label: '名称' }] });
    await renderDesigner();
    fireEvent.click(screen.getByTestId('canvas-field-name'));
    fireEvent.click(screen.getByLabelText('复制'));
    await waitFor(() => expect(screen.getAllByTestId(/^canvas-field-/)).toHaveLength(2));
    fireEvent.click(screen.getByLabelText('删除'));
    await waitFor(() => expect(screen.getAllByTestId(/^canvas-field-/)).toHaveLength(1));
    fireEvent.keyDown(window, { key: 'z', ctrlKey: true });
    await waitFor(() => expect(screen.getAllByTestId(/^canvas-field-/)).toHaveLength(2));
    fireEvent.keyDown(window, { key: 'y', ctrlKey: true });
    await waitFor(() => expect(screen.getAllByTestId(/^canvas-field-/)).toHaveLength(1));
  });

  it('says there is nothing to clear or to preview on an empty form', async () => {
    serve(null);
    await renderDesigner();
    fireEvent.click(screen.getByTestId('page-design-clear'));
    expect(toast.warning).toHaveBeenCalledWith('没有需要清空的内容');
    fireEvent.click(screen.getByTestId('page-design-preview'));
    expect(toast.warning).toHaveBeenCalledWith('没有需要展示的内容');
  });

  it('previews the form with the one renderer and shows the submitted values', async () => {
    serve({ column: [{ type: 'input', prop: 'name', label: '名称', valueDefault: '甲' }] });
    await renderDesigner();
    fireEvent.click(screen.getByTestId('page-design-preview'));
    const submit = await screen.findByText('提交');
    fireEvent.click(submit.closest('button') as HTMLElement);
    const values = await screen.findByTestId('page-design-preview-values');
    expect(JSON.parse(values.textContent ?? '')).toEqual({ name: '甲' });
  });

  it('shows the JSON to be saved and copies it', async () => {
    serve({ column: [{ type: 'input', prop: 'name', label: '名称' }] });
    await renderDesigner();
    const writeText = vi.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error('denied'));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    fireEvent.click(screen.getByTestId('page-design-json'));
    const code = await screen.findByTestId('page-design-json-text');
    expect(JSON.parse(code.textContent ?? '').column).toEqual([
      { type: 'input', prop: 'name', label: '名称' },
    ]);
    const copy = screen.getByText('复制').closest('button') as HTMLElement;
    fireEvent.click(copy);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('复制成功'));
    fireEvent.click(copy);
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('复制失败'));
  });

  it('asks before clearing, then empties the canvas', async () => {
    serve({ column: [{ type: 'input', prop: 'name', label: '名称' }] });
    await renderDesigner();
    expect(screen.getByTestId('canvas-field-name')).toBeTruthy();
    fireEvent.click(screen.getByTestId('page-design-clear'));
    await screen.findByText('确定要清空吗？');
    fireEvent.click(screen.getByText('确定').closest('button') as HTMLElement);
    await waitFor(() => expect(screen.queryByTestId('canvas-field-name')).toBeNull());
  });

  it("refuses an imported JSON the schema refuses, with the schema's message", async () => {
    serve(null);
    await renderDesigner();
    fireEvent.click(screen.getByTestId('page-design-import'));
    const area = await screen.findByPlaceholderText('请粘贴表单JSON');
    fireEvent.change(area, {
      target: { value: JSON.stringify({ column: [{ type: 'upload', prop: 'f', limit: 0 }] }) },
    });
    fireEvent.click(screen.getByText('确定').closest('button') as HTMLElement);
    expect(toast.error).toHaveBeenCalledWith('column.0.limit: 上传数量至少为1');
    expect(screen.queryByTestId('canvas-field-f')).toBeNull();
  });

  it('saves the saveFormJson output: group fields become the group list', async () => {
    const saved = serve({
      column: [{ type: 'input', prop: 'name', label: '名称' }],
      group: [{ prop: 'more', label: '更多', column: [{ type: 'input', prop: 'note', label: '备注' }] }],
    });
    await renderDesigner();
    // The loaded group section is a group field on the canvas, with its own field inside.
    const group = screen.getByTestId('canvas-field-more');
    expect(within(group).getByTestId('canvas-field-note')).toBeTruthy();
    fireEvent.click(screen.getByTestId('palette-number'));
    fireEvent.click(screen.getByTestId('page-design-save'));
    await waitFor(() => expect(saved).toHaveLength(1));
    const body = saved[0] as { id: string; pageNo: string; entId: string; formJson: Record<string, unknown> };
    expect(body).toMatchObject({ id: '7', pageNo: 'order', pageName: '订单', entId: '3' });
    const column = body.formJson.column as { prop: string; type: string }[];
    expect(column.map((field) => field.type)).toEqual(['input', 'number']);
    expect(body.formJson.group).toEqual([
      { prop: 'more', label: '更多', column: [{ type: 'input', prop: 'note', label: '备注' }] },
    ]);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('保存成功'));
  });
});
