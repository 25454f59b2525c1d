import { Table, type TableProps } from 'antd';

type SelectableTableProps<T extends { id: string }> = Omit<
  TableProps<T>,
  'rowKey' | 'size' | 'bordered' | 'scroll' | 'rowSelection'
> & {
  selected: readonly { id: string }[];
  onSelect: (rows: T[]) => void;
};

/**
 * A list screen's table: rows keyed by id and chosen with check boxes for the toolbar's batch actions; a tree
 * row is chosen on its own, without its children.
 */
export function SelectableTable<T extends { id: string }>({
  selected,
  onSelect,
  ...props
}: SelectableTableProps<T>) {
  return (
    <Table<T>
      rowKey="id"
      size="middle"
      bordered
      scroll={{ x: 'max-content' }}
      rowSelection={{
        selectedRowKeys: selected.map((row) => row.id),
        onChange: (_, rows) => onSelect(rows),
        checkStrictly: true,
      }}
      {...props}
    />
  );
}
