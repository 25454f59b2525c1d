import { fireEvent, screen } from '@testing-library/react';
import { Button } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../test/renderScreen.tsx';
import { stubLayout } from '../../test/schemaForm.tsx';
import { initI18n } from '../i18n/index.ts';
import { ListToolbar } from './ListToolbar.tsx';
import { SelectableTable } from './SelectableTable.tsx';

initI18n();
// The table measures itself; jsdom has no ResizeObserver.
beforeEach(stubLayout);

const texts = () => screen.getAllByRole('button').map((button) => button.textContent || button.ariaLabel);

describe('list toolbar and table', () => {
  it('orders add, batch delete, the screen buttons and refresh, and leaves out what the user may not do', () => {
    const onAdd = vi.fn();
    const onBatchDelete = vi.fn();
    const onRefresh = vi.fn();
    const { rerender } = renderInApp(
      <ListToolbar
        onAdd={onAdd}
        addTestId="list-add"
        onBatchDelete={onBatchDelete}
        batchDeleteTestId="list-batch-delete"
        onRefresh={onRefresh}
      >
        <Button>导出</Button>
      </ListToolbar>,
    );
    expect(texts()).toEqual(['新增', '删除', '导出', '刷新']);
    fireEvent.click(screen.getByTestId('list-add'));
    fireEvent.click(screen.getByTestId('list-batch-delete'));
    fireEvent.click(screen.getByRole('button', { name: '刷新' }));
    expect([onAdd.mock.calls.length, onBatchDelete.mock.calls.length, onRefresh.mock.calls.length]).toEqual([
      1, 1, 1,
    ]);

    rerender(<ListToolbar addTestId="list-add" onRefresh={onRefresh} />);
    expect(texts()).toEqual(['刷新']);
  });

  it('shows the chosen rows checked and hands on the rows chosen', () => {
    const onSelect = vi.fn();
    const rows = [
      { id: '1', name: 'one' },
      { id: '2', name: 'two' },
    ];
    renderInApp(
      <SelectableTable
        columns={[{ title: 'name', dataIndex: 'name' }]}
        dataSource={rows}
        selected={[{ id: '2' }]}
        onSelect={onSelect}
        pagination={false}
      />,
    );
    const boxes = screen.getAllByRole('checkbox').slice(1) as HTMLInputElement[];
    expect(boxes.map((box) => box.checked)).toEqual([false, true]);
    fireEvent.click(boxes[0]);
    expect(onSelect).toHaveBeenCalledWith([rows[1], rows[0]]);
  });
});
