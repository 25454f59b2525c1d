import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { SQL_AGGREGATES, SQL_OPS, type SqlSpliceInput } from '@yuan/contract/lowcode/sql-edit';
import { Alert, Button, Form, Input, Select, Space, Switch, Typography } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RequestError } from '../../../shared/api/http.ts';
import { type SplicedSql, sqlApi } from './sqlApi.ts';
import type { SqlTable } from './useSqlSchema.ts';

type Op = (typeof SQL_OPS)[number];
type Aggregate = (typeof SQL_AGGREGATES)[number];

interface BuilderValues {
  entities?: string[];
  fields?: { column?: string; aggregate?: Aggregate }[];
  conditions?: { column?: string; op?: Op; value?: string }[];
  orders?: { column?: string; desc?: boolean }[];
  leftJoin?: boolean;
}

/** The builder's form as the splicing call takes it: incomplete lines are left out, empty lists too. */
export function spliceBody(values: BuilderValues): SqlSpliceInput {
  const fields = (values.fields ?? []).flatMap((f) =>
    f.column ? [{ column: f.column, ...(f.aggregate ? { aggregate: f.aggregate } : {}) }] : [],
  );
  const conditions = (values.conditions ?? []).flatMap((c) => {
    if (!c.column || !c.op) {
      return [];
    }
    const valued = c.op !== 'isNull' && c.op !== 'notNull';
    return [{ column: c.column, op: c.op, ...(valued ? { value: c.value ?? '' } : {}) }];
  });
  const orders = (values.orders ?? []).flatMap((o) =>
    o.column ? [{ column: o.column, ...(o.desc ? { desc: true } : {}) }] : [],
  );
  return {
    entities: values.entities ?? [],
    fields,
    ...(conditions.length > 0 ? { conditions } : {}),
    ...(orders.length > 0 ? { orders } : {}),
    ...(values.leftJoin ? { leftJoin: true } : {}),
  };
}

interface ColumnLinesProps {
  label: string;
  required?: boolean;
  name: string;
  addText: string;
  testId: string;
  /** The columns of the chosen entities, the first choice of every line. */
  columns: { value: string; label: string }[];
  /** What the line holds after its column. */
  rest: (field: number) => ReactNode;
}

/** A list of lines, each a column and what `rest` draws after it, with an add button and a remove button a line. */
function ColumnLines({ label, required, name, addText, testId, columns, rest }: ColumnLinesProps) {
  const { t } = useTranslation();
  return (
    <Form.Item label={label} required={required}>
      <Form.List name={name}>
        {(items, { add, remove }) => (
          <Space orientation="vertical" style={{ width: '100%' }} size={4}>
            {items.map((item) => (
              <Space key={item.key} wrap align="start">
                <Form.Item
                  name={[item.name, 'column']}
                  noStyle
                  rules={[{ required: true, message: t('builder.sql.column') }]}
                >
                  <Select
                    showSearch
                    options={columns}
                    placeholder={t('builder.sql.column')}
                    style={{ width: 260 }}
                    aria-label={t('builder.sql.column')}
                  />
                </Form.Item>
                {rest(item.name)}
                <Button
                  icon={<DeleteOutlined />}
                  onClick={() => remove(item.name)}
                  aria-label={t('builder.sql.removeLine')}
                />
              </Space>
            ))}
            <Button icon={<PlusOutlined />} onClick={() => add()} data-testid={`${testId}-add`}>
              {addText}
            </Button>
          </Space>
        )}
      </Form.List>
    </Form.Item>
  );
}

/**
 * The visual builder: the entities (the first is the FROM, each further one joined along a reference), the columns
 * with an optional aggregate, conditions, order and the join kind. The server writes the SELECT; its condition
 * values come back as parameters, and both go to the editor.
 */
export function QueryBuilder({
  tables,
  onSpliced,
}: {
  tables: readonly SqlTable[];
  onSpliced: (spliced: SplicedSql) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<BuilderValues>();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const chosen = Form.useWatch('entities', form);
  const columns = useMemo(() => {
    const picked = new Set(chosen ?? []);
    return tables
      .filter((table) => picked.has(table.code))
      .flatMap((table) =>
        table.columns.map((column) => {
          const value = `${table.code}.${column.code}`;
          return { value, label: column.name === column.code ? value : `${value} (${column.name})` };
        }),
      );
  }, [tables, chosen]);
  const entityOptions = tables.map((table) => ({
    value: table.code,
    label: `${table.code} (${table.name})`,
  }));
  const build = async () => {
    const values = await form.validateFields();
    setBusy(true);
    setProblem('');
    try {
      onSpliced(await sqlApi.splice(spliceBody(values)));
    } catch (error) {
      setProblem(error instanceof RequestError ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form form={form} layout="vertical" name="sql-builder" initialValues={{ fields: [{}] }}>
      <Form.Item
        name="entities"
        label={t('builder.sql.entities')}
        extra={t('builder.sql.entitiesHint')}
        rules={[{ required: true, message: t('builder.sql.chooseEntity') }]}
      >
        <Select mode="multiple" options={entityOptions} data-testid="sql-builder-entities" />
      </Form.Item>
      <ColumnLines
        label={t('builder.sql.fields')}
        required
        name="fields"
        testId="sql-builder-field"
        addText={t('builder.sql.addField')}
        columns={columns}
        rest={(field) => (
          <Form.Item name={[field, 'aggregate']} noStyle>
            <Select
              allowClear
              placeholder={t('builder.sql.aggregate')}
              options={SQL_AGGREGATES.map((value) => ({ value, label: value }))}
              style={{ width: 120 }}
              aria-label={t('builder.sql.aggregate')}
            />
          </Form.Item>
        )}
      />
      <ColumnLines
        label={t('builder.sql.conditions')}
        name="conditions"
        testId="sql-builder-condition"
        addText={t('builder.sql.addCondition')}
        columns={columns}
        rest={(field) => (
          <>
            <Form.Item name={[field, 'op']} noStyle initialValue="=">
              <Select
                options={SQL_OPS.map((value) => ({ value, label: t(`builder.sql.op.${value}`) }))}
                style={{ width: 120 }}
                aria-label={t('builder.sql.op')}
              />
            </Form.Item>
            <Form.Item noStyle dependencies={[['conditions', field, 'op']]}>
              {() => {
                const op = form.getFieldValue(['conditions', field, 'op']) as Op | undefined;
                return op === 'isNull' || op === 'notNull' ? null : (
                  <Form.Item name={[field, 'value']} noStyle>
                    <Input placeholder={t('builder.sql.value')} style={{ width: 180 }} />
                  </Form.Item>
                );
              }}
            </Form.Item>
          </>
        )}
      />
      <ColumnLines
        label={t('builder.sql.orders')}
        name="orders"
        testId="sql-builder-order"
        addText={t('builder.sql.addOrder')}
        columns={columns}
        rest={(field) => (
          <Form.Item name={[field, 'desc']} noStyle valuePropName="checked">
            <Switch checkedChildren={t('builder.sql.desc')} unCheckedChildren={t('builder.sql.asc')} />
          </Form.Item>
        )}
      />
      <Space align="center" wrap style={{ marginBottom: 12 }}>
        <Form.Item name="leftJoin" valuePropName="checked" noStyle>
          <Switch aria-label={t('builder.sql.leftJoin')} />
        </Form.Item>
        <Typography.Text>{t('builder.sql.leftJoin')}</Typography.Text>
      </Space>
      {problem ? <Alert type="error" showIcon title={problem} style={{ marginBottom: 12 }} /> : null}
      <Button
        type="primary"
        loading={busy}
        onClick={() => void build().catch(() => undefined)}
        data-testid="sql-build"
      >
        {t('builder.sql.build')}
      </Button>
    </Form>
  );
}
