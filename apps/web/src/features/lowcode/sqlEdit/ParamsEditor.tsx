import { Empty, Input, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PARAM_TYPES, type ParamRow, type ParamType } from './params.ts';

/**
 * The values of `$1…$n`, one line each, as many as the query uses: a type (text, number, true/false, NULL) and the
 * value, which becomes that type when the query runs.
 */
export function ParamsEditor({ rows, onChange }: { rows: ParamRow[]; onChange: (rows: ParamRow[]) => void }) {
  const { t } = useTranslation();
  if (rows.length === 0) {
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t('builder.sql.noParams')}
        data-testid="sql-params-empty"
      />
    );
  }
  const change = (index: number, next: Partial<ParamRow>) =>
    onChange(rows.map((row, at) => (at === index ? { ...row, ...next } : row)));
  const typeOptions = PARAM_TYPES.map((type) => ({ value: type, label: t(`builder.sql.type.${type}`) }));
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="sql-params">
      {rows.map((row, index) => {
        const name = `$${index + 1}`;
        return (
          // The position is the parameter's identity: $2 stays $2 while the values change.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <Space.Compact key={index} style={{ width: '100%' }}>
            <Typography.Text code style={{ width: 48, alignSelf: 'center' }}>
              {name}
            </Typography.Text>
            <Select<ParamType>
              value={row.type}
              options={typeOptions}
              onChange={(type) => change(index, { type })}
              style={{ width: 110 }}
              aria-label={t('builder.sql.paramType', { name })}
            />
            {row.type === 'boolean' ? (
              <Select
                value={row.value === 'true' ? 'true' : 'false'}
                options={[
                  { value: 'true', label: 'true' },
                  { value: 'false', label: 'false' },
                ]}
                onChange={(value) => change(index, { value })}
                style={{ flex: 1 }}
                aria-label={t('builder.sql.paramValue', { name })}
              />
            ) : (
              <Input
                value={row.type === 'null' ? '' : row.value}
                disabled={row.type === 'null'}
                placeholder={row.type === 'null' ? 'NULL' : undefined}
                onChange={(event) => change(index, { value: event.target.value })}
                aria-label={t('builder.sql.paramValue', { name })}
                data-testid={`sql-param-${index + 1}`}
              />
            )}
          </Space.Compact>
        );
      })}
    </Space>
  );
}
