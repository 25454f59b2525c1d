import type { Language } from '@yuan/contract/constants';
import { Form, Input, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The contract's longest label. */
const LABEL_MAX = 64;

interface Line {
  column: string;
}

/**
 * The "列名" table of the designer: one line per result column (those of the last preview, else those labelled
 * before), each with its header in Chinese and in English. The values are the form's `labels.<column>.<language>`.
 */
export function ColumnLabels({ columns }: { columns: readonly string[] }) {
  const { t } = useTranslation();
  if (columns.length === 0) {
    return (
      <Typography.Text type="secondary" data-testid="report-labels-empty">
        {t('builder.report.labelsEmpty')}
      </Typography.Text>
    );
  }
  const input = (column: string, lang: Language) => (
    <Form.Item
      name={['labels', column, lang]}
      rules={[{ max: LABEL_MAX, message: t('builder.report.labelMax') }]}
      style={{ marginBottom: 0 }}
    >
      <Input
        placeholder={column}
        aria-label={t('builder.report.labelInput', {
          column,
          language: t(lang === 'zh' ? 'builder.report.labelZh' : 'builder.report.labelEn'),
        })}
      />
    </Form.Item>
  );
  return (
    <div data-testid="report-labels">
      <Table<Line>
        size="small"
        bordered
        pagination={false}
        rowKey="column"
        dataSource={columns.map((column) => ({ column }))}
        columns={[
          {
            key: 'column',
            title: t('builder.report.labelColumn'),
            dataIndex: 'column',
            width: '30%',
            render: (column: string) => <Typography.Text code>{column}</Typography.Text>,
          },
          {
            key: 'zh',
            title: t('builder.report.labelZh'),
            render: (_, line) => input(line.column, 'zh'),
          },
          {
            key: 'en',
            title: t('builder.report.labelEn'),
            render: (_, line) => input(line.column, 'en'),
          },
        ]}
      />
    </div>
  );
}
