import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { GridJson } from '@yuan/contract/lowcode/grid-json';
import { Alert, Button, Card, Empty, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { cellText } from '../../../shared/crud/columns.tsx';
import { YES_NO } from '../../../shared/crud/fields.ts';
import type { Row } from '../../../shared/crud/types.ts';
import { useLanguage } from '../../../shared/hooks/useLanguage.ts';
import { gridDesignApi } from './gridApi.ts';
import { type GridField, previewParams } from './gridState.ts';

interface GridPreviewProps {
  entId: string;
  fields: readonly GridField[];
  json: GridJson;
}

/** The bottom: the first page of the entity's rows as the unsaved design shows them. */
export function GridPreview({ entId, fields, json }: GridPreviewProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const byName = new Map(fields.map((field) => [field.name, field]));
  const columns: ColumnsType<Row> = json.columns.flatMap((column) => {
    const field = byName.get(column.prop);
    if (!field) {
      return [];
    }
    // Cells read as on the grid screen: yes/no as 是/否, dates in the tenant's zone.
    const crud = {
      name: field.name,
      spec: field.spec,
      options: field.spec.kind === 'bool' ? { options: YES_NO } : {},
    };
    return [
      {
        key: column.prop,
        dataIndex: column.prop,
        title: field.label,
        width: column.width,
        align: column.align,
        ellipsis: true,
        render: (value: unknown) => cellText(crud, value, lang, {}),
      },
    ];
  });
  // Only the page size and the sort change which rows come back; widths, order and alignment are drawn here.
  const params = previewParams(json);
  const rows = useQuery({
    queryKey: ['grid-design-preview', entId, params],
    queryFn: () => gridDesignApi.rows(entId, params),
    placeholderData: keepPreviousData,
    enabled: columns.length > 0,
  });
  const total = rows.data?.total;
  return (
    <Card
      size="small"
      title={t('gridDesign.preview')}
      className="grid-design-preview"
      extra={
        total === undefined || columns.length === 0 ? null : (
          <Typography.Text type="secondary">
            {t('gridDesign.preview.total', { total: String(total) })}
          </Typography.Text>
        )
      }
    >
      <div data-testid="grid-preview">
        {columns.length === 0 ? (
          <Empty description={t('gridDesign.preview.noColumns')} />
        ) : (
          <>
            {rows.isError ? (
              <Alert
                type="error"
                showIcon
                data-testid="grid-preview-error"
                title={t('gridDesign.preview.failed')}
                description={rows.error instanceof Error ? rows.error.message : undefined}
                action={
                  <Button size="small" onClick={() => void rows.refetch()}>
                    {t('common.retry')}
                  </Button>
                }
                style={{ marginBottom: 8 }}
              />
            ) : null}
            <Table<Row>
              size="small"
              rowKey="id"
              columns={columns}
              dataSource={rows.isError ? [] : (rows.data?.records ?? [])}
              loading={rows.isFetching}
              pagination={false}
              scroll={{ x: 'max-content' }}
              locale={{
                emptyText: (
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('gridDesign.preview.empty')} />
                ),
              }}
            />
          </>
        )}
      </div>
    </Card>
  );
}
