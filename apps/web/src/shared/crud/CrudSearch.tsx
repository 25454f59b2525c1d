import { Button, DatePicker, Form, Input, InputNumber, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../hooks/useLanguage.ts';
import { FieldControl } from '../schema-form/SchemaFields.tsx';
import { pick, widgetOf } from './fields.ts';
import { toFormFields } from './formJson.ts';
import type { CrudConfig, CrudField } from './types.ts';

interface CrudSearchProps {
  config: CrudConfig;
  fields: CrudField[];
  onSearch: (search: Record<string, unknown>, range: [Dayjs, Dayjs] | null) => void;
}

/** Search bar: one input per search field and the creation-date range; Enter searches, 清空 resets. */
export function CrudSearch({ config, fields, onSearch }: CrudSearchProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [form] = Form.useForm();
  const showRange = config.dateRange !== false;
  const choiceOf = (field: CrudField) =>
    toFormFields([field], { lang, resource: config.resource, topLabel: t('crud.top') })[0] ?? {};
  if (fields.length === 0 && !showRange) {
    return null;
  }
  const run = () => {
    const { createTime, ...search } = form.getFieldsValue() as Record<string, unknown> & {
      createTime?: [Dayjs, Dayjs] | null;
    };
    onSearch(search, createTime ?? null);
  };
  return (
    <Form
      form={form}
      layout="inline"
      name={`crud-search-${config.id ?? config.resource.name}`}
      className="crud-search"
      onFinish={run}
      style={{ rowGap: 8, marginBottom: 12 }}
    >
      {fields.map((field) => {
        const label = pick(field.spec.label, lang);
        const widget = widgetOf(field);
        return (
          <Form.Item
            key={field.name}
            name={field.name}
            label={label}
            style={widget === 'select' || widget === 'treeSelect' ? { minWidth: 220 } : undefined}
          >
            {widget === 'select' || widget === 'treeSelect' ? (
              // One value per filter: the field is searched as a single id even where it stores a list.
              <FieldControl field={choiceOf({ ...field, spec: { ...field.spec, kind: 'id' } })} />
            ) : widget === 'number' ? (
              <InputNumber placeholder={t('crud.placeholder', { label })} style={{ width: 160 }} />
            ) : (
              <Input allowClear placeholder={t('crud.placeholder', { label })} style={{ width: 180 }} />
            )}
          </Form.Item>
        );
      })}
      {showRange ? (
        <Form.Item name="createTime" label={t('crud.createTime')}>
          <DatePicker.RangePicker
            placeholder={[t('crud.startTime'), t('crud.endTime')]}
            onChange={(range) => {
              form.setFieldValue('createTime', range);
              run();
            }}
          />
        </Form.Item>
      ) : null}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" data-testid="crud-search">
            {t('crud.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              run();
            }}
          >
            {t('crud.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
