import type { SqlResult } from '@yuan/contract/lowcode/sql-edit';
import { Alert, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

interface Line {
  key: number;
  row: Record<string, unknown>;
}

/** A cell as text: NULL marked as such, objects (json columns, arrays) as JSON. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) {
    return '';
  }
  if (typeof value === 'object') {
    return JSON.stringify(value);
  }
  return String(value);
}

/** The runner's counts: rows shown, the time, and that only the first rows came when the answer was cut. */
export function ResultSummary({ result }: { result: SqlResult }) {
  const { t } = useTranslation();
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size={8}>
      {result.truncated ? (
        <Alert
          type="warning"
          showIcon
          title={t('builder.sql.truncated', { count: String(result.rows.length) })}
          data-testid="sql-truncated"
        />
      ) : null}
      <Typography.Text type="secondary" data-testid="sql-elapsed">
        {t('builder.sql.summary', { count: String(result.rows.length), ms: String(result.elapsedMs) })}
      </Typography.Text>
    </Space>
  );
}

/**
 * The rows of a query in a plain table, one column per answered column, in the answer's order, headed by its
 * title when one is given (a report's column labels), else by its name.
 */
export function ResultTable({
  result,
  titles,
  testId,
}: {
  result: SqlResult;
  titles?: Readonly<Record<string, string>>;
  testId?: string;
}) {
  const { t } = useTranslation();
  const columns = useMemo<ColumnsType<Line>>(
    () =>
      result.columns.map((name) => ({
        key: name,
        title: titles?.[name] ?? name,
        dataIndex: ['row', name],
        ellipsis: true,
        render: (value: unknown) =>
          value === null || value === undefined ? (
            <Typography.Text type="secondary">NULL</Typography.Text>
          ) : (
            cellText(value)
          ),
      })),
    [result.columns, titles],
  );
  const lines = useMemo(() => result.rows.map((row, key) => ({ key, row })), [result.rows]);
  return (
    <div data-testid={testId}>
      <Table<Line>
        size="small"
        bordered
        columns={columns}
        dataSource={lines}
        scroll={{ x: 'max-content' }}
        pagination={{ defaultPageSize: 20, showSizeChanger: true, hideOnSinglePage: true }}
        locale={{ emptyText: t('builder.sql.noRows') }}
      />
    </div>
  );
}
