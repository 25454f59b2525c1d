import { I18N_MODEL } from '@yuan/contract/i18n/i18n';
import { Alert, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RequestError } from '../../../shared/api/http.ts';
import { ActionDialog } from '../../../shared/components/ActionDialog.tsx';
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

const KEY_PATTERN = /^[A-Za-z0-9_.:-]+$/;
const MODEL_PATTERN = /^[a-z][a-z0-9_]{0,31}$/;

/** Add or edit one text; the server's refusal (a key taken in that language) shows inside the dialog. */
export function TextDialog({ row, onClose, onSaved }: TextDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TextValues>();
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState('');

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
      onOk={() => void submit()}
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
        <Form.Item
          name="i18nKey"
          label={t('i18nAdmin.key')}
          rules={[
            { required: true, whitespace: true, message: t('i18nAdmin.keyRequired') },
            { pattern: KEY_PATTERN, message: t('i18nAdmin.keyInvalid') },
            { max: 200 },
          ]}
        >
          <Input placeholder={t('i18nAdmin.keyPlaceholder')} maxLength={200} />
        </Form.Item>
        <Form.Item
          name="language"
          label={t('i18nAdmin.language')}
          rules={[
            { required: true, message: t('i18nAdmin.languageRequired') },
            {
              validator: (_, value: string | undefined) =>
                !value || isLanguageCode(value)
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('i18nAdmin.languageInvalid'))),
            },
          ]}
        >
          <LanguageInput testId="i18n-language" />
        </Form.Item>
        <Form.Item
          name="i18nText"
          label={t('i18nAdmin.text')}
          rules={[{ required: true, whitespace: true, message: t('i18nAdmin.textRequired') }, { max: 4000 }]}
        >
          <Input.TextArea rows={4} maxLength={4000} placeholder={t('i18nAdmin.textPlaceholder')} />
        </Form.Item>
        <Form.Item
          name="i18nModel"
          label={t('i18nAdmin.model')}
          rules={[{ pattern: MODEL_PATTERN, message: t('i18nAdmin.modelInvalid') }]}
        >
          {/* update does not take the model: a text stays in the model it was made in. */}
          <Input disabled={row !== null} maxLength={32} />
        </Form.Item>
      </Form>
    </ActionDialog>
  );
}
