import type { AppImportAction, AppPackagePreview, AppPreviewItem } from '@yuan/contract/lowcode/app-package';
import { Alert, Collapse, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import '../../../shared/ui/codeBlock.css';

const ACTION_COLORS: Record<AppImportAction, string> = {
  create: 'green',
  update: 'blue',
  unchanged: 'default',
  // Carried by the file but not written here (menus are the platform tenant's).
  skip: 'orange',
};

/** A statement as one runs it, whether or not the server ended it with its semicolon. */
const terminated = (statement: string) => (statement.trimEnd().endsWith(';') ? statement : `${statement};`);

/** What importing a package would do: each part with its action, the DDL it implies, and what prevents it. */
export function PreviewView({ preview }: { preview: AppPackagePreview }) {
  const { t } = useTranslation();
  const count = (action: AppImportAction) => preview.items.filter((item) => item.action === action).length;
  const columns: ColumnsType<AppPreviewItem> = [
    {
      title: t('appPackage.kind'),
      dataIndex: 'kind',
      width: 120,
      render: (kind: AppPreviewItem['kind']) => t(`appPackage.kind.${kind}`),
    },
    { title: t('appPackage.key'), dataIndex: 'key' },
    { title: t('appPackage.name'), dataIndex: 'name' },
    {
      title: t('appPackage.action'),
      dataIndex: 'action',
      width: 100,
      render: (action: AppImportAction) => (
        <Tag color={ACTION_COLORS[action]} data-testid={`app-package-action-${action}`}>
          {t(`appPackage.action.${action}`)}
        </Tag>
      ),
    },
  ];

  return (
    <div data-testid="app-package-preview">
      {preview.conflicts.length > 0 ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="app-package-conflicts"
          title={t('appPackage.conflicts')}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {preview.conflicts.map((conflict) => (
                <li key={`${conflict.kind} ${conflict.name}`}>{`${conflict.name}: ${conflict.reason}`}</li>
              ))}
            </ul>
          }
        />
      ) : null}
      <Typography.Paragraph data-testid="app-package-summary">
        {t('appPackage.summary', {
          total: String(preview.items.length),
          created: String(count('create')),
          updated: String(count('update')),
          unchanged: String(count('unchanged')),
          rows: String(preview.rows),
        })}
      </Typography.Paragraph>
      <Table<AppPreviewItem>
        rowKey={(item) => `${item.kind} ${item.key}`}
        size="small"
        bordered
        columns={columns}
        dataSource={preview.items}
        pagination={{ hideOnSinglePage: true, pageSize: 20, showSizeChanger: false }}
      />
      {preview.ddl.length > 0 ? (
        <Collapse
          size="small"
          style={{ marginTop: 12 }}
          items={[
            {
              key: 'ddl',
              label: t('appPackage.ddl', { total: String(preview.ddl.length) }),
              children: (
                <pre className="yuan-code-block" data-testid="app-package-ddl">
                  {preview.ddl.map(terminated).join('\n')}
                </pre>
              ),
            },
          ]}
        />
      ) : null}
    </div>
  );
}
