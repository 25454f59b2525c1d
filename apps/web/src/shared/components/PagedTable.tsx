import { Empty, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from './LoadFailed.tsx';

/** A paged list as its hook answers it: the query of the page shown, which page, and how to move or read again. */
export interface PagedList<T> {
  query: { data: { records: T[]; total: number } | undefined; isError: boolean; isFetching: boolean };
  current: number;
  setCurrent: (current: number) => void;
  reload: () => void;
}

interface Props<T> {
  list: PagedList<T>;
  columns: ColumnsType<T>;
  pageSize: number;
  emptyText: string;
  showTotal?: boolean;
}

/**
 * A server-paged list of records with its loading, empty and failed states: the one way a drawer or card shows
 * a history (deliveries, imports). The empty text says "none yet" only once a page came.
 */
export function PagedTable<T extends { id: string }>(props: Props<T>) {
  const { t } = useTranslation();
  const { list } = props;
  const page = list.query.data;
  if (list.query.isError && !page) {
    return <LoadFailed onRetry={list.reload} />;
  }
  return (
    <Table<T>
      rowKey="id"
      size="small"
      bordered
      scroll={{ x: 'max-content' }}
      loading={list.query.isFetching}
      columns={props.columns}
      dataSource={page?.records ?? []}
      locale={{ emptyText: page ? <Empty description={props.emptyText} /> : ' ' }}
      pagination={{
        current: list.current,
        pageSize: props.pageSize,
        total: page?.total ?? 0,
        showSizeChanger: false,
        hideOnSinglePage: true,
        showTotal: props.showTotal ? (total) => t('crud.total', { total: String(total) }) : undefined,
        onChange: list.setCurrent,
      }}
    />
  );
}
