import { useQuery } from '@tanstack/react-query';
import { codeResource } from '@yuan/contract/develop/code';
import { Alert, AutoComplete, Form, type FormInstance, Input, Spin, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RequestError } from '../../../shared/api/http.ts';
import { ActionDialog } from '../../../shared/components/ActionDialog.tsx';
import { crudApi } from '../../../shared/crud/api.ts';
import { crudFields, pick } from '../../../shared/crud/fields.ts';
import { toFormFields } from '../../../shared/crud/formJson.ts';
import { rulesFor } from '../../../shared/crud/rules.ts';
import type { CrudField } from '../../../shared/crud/types.ts';
import { toFormValues, toSubmitBody } from '../../../shared/crud/values.ts';
import { useLanguage } from '../../../shared/hooks/useLanguage.ts';
import { SchemaFields } from '../../../shared/schema-form/SchemaFields.tsx';
import { toastSuccess } from '../../../shared/ui/feedback.ts';
import { useDatasourceTables } from './useDatasourceTables.ts';

const codes = crudApi(codeResource);
/** The record's fields as the screen shows them: the datasource is a choice of the platform's datasources. */
export const CODE_FIELDS = { datasourceId: { widget: 'select', source: 'datasourceList' } } as const;
const fields: CrudField[] = crudFields({ resource: codeResource, fields: CODE_FIELDS });

interface TableNameProps {
  form: FormInstance;
  /** Given by Form.Item. */
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
}

/** The table name, offered from the chosen datasource's tables; typed freely for the app's own database. */
function TableName({ form, id, value, onChange }: TableNameProps) {
  const { t } = useTranslation();
  const datasourceId = Form.useWatch('datasourceId', form) as string | undefined;
  const { tables, loading, problem } = useDatasourceTables(datasourceId || undefined);
  const typed = (value ?? '').toLowerCase();
  const options = useMemo(() => {
    const seen = new Set<string>();
    const out: { value: string; label: string }[] = [];
    for (const table of tables) {
      // The same name in two schemas is one choice: the record names a table, not its schema.
      if (table.name.includes(typed) && !seen.has(table.name)) {
        seen.add(table.name);
        out.push({ value: table.name, label: `${table.schema}.${table.name}` });
      }
    }
    return out.slice(0, 200);
  }, [tables, typed]);
  if (!datasourceId) {
    return (
      <Input
        id={id}
        value={value}
        onChange={(event) => onChange?.(event.target.value)}
        placeholder={t('builder.code.ownTables')}
      />
    );
  }
  return (
    <>
      <AutoComplete
        id={id}
        value={value}
        onChange={(next) => onChange?.(next)}
        options={options}
        allowClear
        placeholder={t('builder.code.pickTable')}
        data-testid="code-table-name"
      />
      {loading ? <Typography.Text type="secondary">{t('builder.code.tablesLoading')}</Typography.Text> : null}
      {problem ? (
        <Typography.Text type="danger" data-testid="code-tables-error">
          {t('builder.code.tablesFailed', { reason: problem })}
        </Typography.Text>
      ) : null}
    </>
  );
}

/**
 * Add and edit of a code generator record: the definition's fields and rules (as the generic dialog has them), with
 * the datasource chosen from the list and the table name offered from that datasource's tables.
 */
export function CodeDialog({ id, onClose }: { id?: string; onClose: (saved: boolean) => void }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState('');
  const detail = useQuery({
    queryKey: ['crud-detail', codeResource.basePath, id],
    queryFn: () => codes.detail(id ?? ''),
    enabled: Boolean(id),
    gcTime: 0,
  });
  const mode = id ? 'edit' : 'add';
  const ready = !id || Boolean(detail.data);
  const initial = useMemo(() => toFormValues(detail.data ?? { tenantScoped: true }, fields), [detail.data]);

  const submit = async () => {
    const values = (await form.validateFields()) as Record<string, unknown>;
    setSaving(true);
    setProblem('');
    try {
      await codes.submit(toSubmitBody(values, fields, id));
      toastSuccess(t(id ? 'crud.updated' : 'crud.added'));
      onClose(true);
    } catch (error) {
      setProblem(error instanceof RequestError ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  };

  const formJson = useMemo(
    () =>
      toFormFields(fields, { lang, resource: codeResource, topLabel: t('crud.top') }).map((field) =>
        field.prop === 'datasourceId' ? { ...field, placeholder: t('builder.code.ownDatabase') } : field,
      ),
    [lang, t],
  );
  const rules = useMemo(
    () => Object.fromEntries(fields.map((field) => [field.name, rulesFor(field, lang, mode)])),
    [lang, mode],
  );

  return (
    <ActionDialog
      width={800}
      title={`${t(`crud.${mode}`)} ${pick(codeResource.title, lang)}`}
      onCancel={() => onClose(false)}
      onOk={() => void submit().catch(() => undefined)}
      okText={t('crud.submit')}
      cancelText={t('crud.cancel')}
      busy={saving}
      okButtonProps={{ disabled: !ready }}
      testId="code-dialog"
    >
      {detail.isError ? <Alert type="error" showIcon title={t('common.loadFailed')} /> : null}
      {problem ? <Alert type="error" showIcon title={problem} style={{ marginBottom: 12 }} /> : null}
      {ready ? (
        <Form
          form={form}
          name="code"
          layout="horizontal"
          labelCol={{ flex: '110px' }}
          labelWrap
          initialValues={initial}
        >
          <SchemaFields
            fields={formJson}
            rules={rules}
            items={{ tableName: { control: <TableName form={form} /> } }}
            gutter={16}
          />
        </Form>
      ) : (
        <Spin />
      )}
    </ActionDialog>
  );
}
