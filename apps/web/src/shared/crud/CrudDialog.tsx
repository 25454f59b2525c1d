import { useQuery } from '@tanstack/react-query';
import { Alert, Col, Form, Row as GridRow, Modal, Spin } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RequestError } from '../api/http.ts';
import { useLanguage } from '../hooks/useLanguage.ts';
import { toastSuccess } from '../ui/feedback.ts';
import { crudApi } from './api.ts';
import { FieldInput } from './FieldInput.tsx';
import { formFields, pick, widgetOf } from './fields.ts';
import { rulesFor, validateTriggerOf } from './rules.ts';
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
}

function wide(field: CrudField): boolean {
  const widget = widgetOf(field);
  return field.options.fullRow === true || widget === 'textarea' || widget === 'checkTree';
}

/** Add, edit and view dialog of CrudPage: the form comes from the definition, rules carry the SPEC §5 texts. */
export function CrudDialog({ config, fields, mode, row, open, onClose, onSaved }: CrudDialogProps) {
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
    const body = toSubmitBody({ ...(config.defaults ?? {}), ...values }, shown, id);
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
  return (
    <Modal
      open={open}
      title={title}
      width={config.dialogWidth ?? 800}
      maskClosable={false}
      keyboard
      destroyOnHidden
      forceRender={false}
      onCancel={onClose}
      okText={t('crud.submit')}
      cancelText={t('crud.cancel')}
      okButtonProps={{ loading: saving, style: readOnly ? { display: 'none' } : undefined }}
      onOk={() => void submit().catch(() => undefined)}
      wrapProps={{ 'data-testid': `crud-dialog-${config.id ?? resource.name}` }}
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
            <GridRow gutter={16}>
              {shown.map((field) => (
                <Col key={field.name} span={wide(field) ? 24 : 12}>
                  <Form.Item
                    name={field.name}
                    label={pick(field.spec.label, lang)}
                    rules={readOnly ? [] : rulesFor(field, lang, mode)}
                    validateTrigger={validateTriggerOf(field)}
                  >
                    <FieldInput field={field} resource={resource} editingId={id} disabled={readOnly} />
                  </Form.Item>
                </Col>
              ))}
            </GridRow>
          </Form>
        </div>
      ) : null}
    </Modal>
  );
}
