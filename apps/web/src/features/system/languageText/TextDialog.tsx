import { I18N_MODEL, i18nResource } from '@yuan/contract/i18n/i18n';
import type { FormField } from '@yuan/contract/lowcode/form-json';
import { Alert, Form } from 'antd';
import type { Rule } from 'antd/es/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RequestError } from '../../../shared/api/http.ts';
import { ActionDialog } from '../../../shared/components/ActionDialog.tsx';
import { SchemaFields } from '../../../shared/schema-form/SchemaFields.tsx';
import { toastSuccess } from '../../../shared/ui/feedback.ts';
import { i18nApi, type TextRow, type TextValues } from './api.ts';
import { LanguageInput } from './LanguageInput.tsx';
import { isLanguageCode } from './languages.ts';

interface TextDialogProps {
  /** null: a new text. */
  row: TextRow | null;
  onClose: () => void;
  onSaved: () => void;
}

/** The definition's limits and formats; the messages stay the screen's own, which say what a key may hold. */
const { i18nKey, i18nText, i18nModel } = i18nResource.fields;
const KEY_PATTERN = new RegExp(i18nKey.pattern ?? '');
const MODEL_PATTERN = new RegExp(i18nModel.pattern ?? '');
const KEY_MAX = i18nKey.max;
const TEXT_MAX = i18nText.max;
const MODEL_MAX = i18nModel.max;

/** Add or edit one text; the server's refusal (a key taken in that language) shows inside the dialog. */
export function TextDialog({ row, onClose, onSaved }: TextDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TextValues>();
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState('');
  const fields: FormField[] = [
    {
      type: 'input',
      prop: 'i18nKey',
      label: t('i18nAdmin.key'),
      placeholder: t('i18nAdmin.keyPlaceholder'),
      maxlength: KEY_MAX,
    },
    { type: 'input', prop: 'language', label: t('i18nAdmin.language') },
    {
      type: 'textarea',
      prop: 'i18nText',
      label: t('i18nAdmin.text'),
      placeholder: t('i18nAdmin.textPlaceholder'),
      maxlength: TEXT_MAX,
      minRows: 4,
      maxRows: 4,
    },
    // update does not take the model: a text stays in the model it was made in.
    {
      type: 'input',
      prop: 'i18nModel',
      label: t('i18nAdmin.model'),
      maxlength: MODEL_MAX,
      disabled: row !== null,
    },
  ];
  // The screen's own texts for a missing key, language or text and a malformed key, language or model.
  const rules: Record<string, Rule[]> = {
    i18nKey: [
      { required: true, whitespace: true, message: t('i18nAdmin.keyRequired') },
      { pattern: KEY_PATTERN, message: t('i18nAdmin.keyInvalid') },
      { max: KEY_MAX },
    ],
    i18nText: [{ required: true, whitespace: true, message: t('i18nAdmin.textRequired') }, { max: TEXT_MAX }],
    language: [
      { required: true, message: t('i18nAdmin.languageRequired') },
      {
        validator: (_, value: string | undefined) =>
          !value || isLanguageCode(value)
            ? Promise.resolve()
            : Promise.reject(new Error(t('i18nAdmin.languageInvalid'))),
      },
    ],
    i18nModel: [{ pattern: MODEL_PATTERN, message: t('i18nAdmin.modelInvalid') }],
  };

  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    setServerError('');
    try {
      if (row) {
        await i18nApi.update(row.id, values, { silent: true });
      } else {
        await i18nApi.create(values, { silent: true });
      }
      toastSuccess(t(row ? 'crud.updated' : 'crud.added'));
      onSaved();
    } catch (error) {
      setServerError(error instanceof RequestError ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <ActionDialog
      title={t(row ? 'i18nAdmin.editTitle' : 'i18nAdmin.addTitle')}
      okText={t('crud.submit')}
      cancelText={t('crud.cancel')}
      busy={saving}
      // A refused check is shown at its field; nothing else is to be done with it.
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      testId="i18n-dialog"
    >
      {serverError ? <Alert type="error" showIcon title={serverError} style={{ marginBottom: 12 }} /> : null}
      {/* A form name of its own: the search bar's fields have the same names, and ids must not clash. */}
      <Form
        form={form}
        name="i18nTextDialog"
        layout="vertical"
        initialValues={row ?? { language: 'zh', i18nModel: I18N_MODEL }}
        preserve={false}
      >
        <SchemaFields
          fields={fields}
          rules={rules}
          // zh / en picked or another code typed (a select alone would not allow ja): the screen's own control.
          items={{ language: { control: <LanguageInput testId="i18n-language" /> } }}
        />
      </Form>
    </ActionDialog>
  );
}
