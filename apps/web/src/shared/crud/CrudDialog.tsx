import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Spin } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RequestError } from '../api/http.ts';
import { ActionDialog } from '../components/ActionDialog.tsx';
import { useLanguage } from '../hooks/useLanguage.ts';
import { valueProps } from '../schema-form/prepare.ts';
import { SchemaFields } from '../schema-form/SchemaFields.tsx';
import { toastSuccess } from '../ui/feedback.ts';
import { crudApi } from './api.ts';
import { formFields, pick } from './fields.ts';
import { toFormFields } from './formJson.ts';
import { rulesFor } from './rules.ts';
import type { CrudConfig, CrudField, Row } from './types.ts';
import { toFormValues, toSubmitBody } from './values.ts';

export type DialogMode = 'add' | 'edit' | 'view';

interface CrudDialogProps {
  config: CrudConfig;
  fields: CrudField[];
  mode: DialogMode;
  row: Row | null;
  open: boolean;
  onClose: () => void;
  onSaved: (saved: Row, added: boolean) => void;
  /** Opens the row's history (an existing row, on a screen whose resource keeps revisions). */
  onHistory?: (row: Row) => void;
}

/**
 * Add, edit and view dialog of CrudPage: the definition's fields become form-JSON fields drawn by the one form
 * renderer; their rules are rules.ts's, with the exact SPEC §5 texts.
 */
export function CrudDialog({
  config,
  fields,
  mode,
  row,
  open,
  onClose,
  onSaved,
  onHistory,
}: CrudDialogProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState('');
  const { resource } = config;
  const api = useMemo(() => config.api ?? crudApi(resource), [config.api, resource]);
  const shown = useMemo(() => formFields(fields, mode), [fields, mode]);
  const id = mode === 'add' ? undefined : row?.id;
  const detail = useQuery({
    queryKey: ['crud-detail', resource.basePath, id],
    queryFn: () => api.detail(id ?? ''),
    enabled: open && Boolean(id),
    gcTime: 0,
  });

  const ready = mode === 'add' || Boolean(detail.data);
  // The form mounts with its values once they are known (the dialog content is destroyed when hidden).
  const initialValues = useMemo(
    () => toFormValues(mode === 'add' ? (config.defaults ?? {}) : (detail.data ?? {}), shown),
    [mode, config.defaults, detail.data, shown],
  );

  const submit = async () => {
    const values = (await form.validateFields()) as Record<string, unknown>;
    // A designed form sends the fields it shows, so an edit leaves the others as they were.
    const designed = config.formJson ? new Set(valueProps(config.formJson)) : null;
    const sent = designed ? shown.filter((field) => designed.has(field.name)) : shown;
    const body = toSubmitBody({ ...(config.defaults ?? {}), ...values }, sent, id);
    for (const [key, value] of Object.entries(config.defaults ?? {})) {
      if (!(key in body) && key in resource.fields) {
        body[key] = value;
      }
    }
    setSaving(true);
    setServerError('');
    try {
      const saved = await api.submit(body);
      toastSuccess(t(id ? 'crud.updated' : 'crud.added'));
      onSaved(saved, !id);
    } catch (error) {
      setServerError(error instanceof RequestError ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  };

  const title = `${t(`crud.${mode}`)} ${pick(resource.title, lang)}`;
  const readOnly = mode === 'view';
  const formJson = useMemo(
    () =>
      config.formJson ??
      toFormFields(shown, { lang, resource, readOnly, editingId: id, topLabel: t('crud.top') }),
    [config.formJson, shown, lang, resource, readOnly, id, t],
  );
  // A designed form carries its own rules; the server still checks the definition's.
  const rules = useMemo(
    () =>
      config.formJson && !readOnly
        ? undefined
        : Object.fromEntries(shown.map((field) => [field.name, readOnly ? [] : rulesFor(field, lang, mode)])),
    [config.formJson, shown, readOnly, lang, mode],
  );
  // The history sits at the footer's start, apart from Cancel and Submit: it leaves the dialog rather than saving it.
  const historyOf = mode === 'add' || !row || !onHistory ? null : row;
  const footer = historyOf
    ? (buttons: ReactNode) => (
        <>
          <Button
            style={{ float: 'inline-start' }}
            onClick={() => onHistory?.(historyOf)}
            data-testid="crud-history"
          >
            {t('revision.history')}
          </Button>
          {buttons}
        </>
      )
    : undefined;
  return (
    <ActionDialog
      open={open}
      title={title}
      width={config.dialogWidth ?? 800}
      onCancel={onClose}
      okText={t('crud.submit')}
      cancelText={t('crud.cancel')}
      busy={saving}
      okButtonProps={{ style: readOnly ? { display: 'none' } : undefined }}
      onOk={() => void submit().catch(() => undefined)}
      testId={`crud-dialog-${config.id ?? resource.name}`}
      footer={footer}
    >
      {ready ? null : <Spin />}
      {ready ? (
        <div>
          {serverError ? (
            <Alert type="error" showIcon title={serverError} style={{ marginBottom: 12 }} />
          ) : null}
          <Form
            form={form}
            name={`crud-${config.id ?? resource.name}`}
            layout="horizontal"
            labelCol={{ flex: '120px' }}
            labelWrap
            disabled={readOnly}
            initialValues={initialValues}
            onFinish={() => void submit()}
          >
            <SchemaFields fields={formJson} rules={rules} gutter={16} />
          </Form>
        </div>
      ) : null}
    </ActionDialog>
  );
}
