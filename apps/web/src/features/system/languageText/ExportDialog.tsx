import { Form, Radio } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../../shared/api/files.ts';
import { ActionDialog } from '../../../shared/components/ActionDialog.tsx';
import { toastWarning } from '../../../shared/ui/feedback.ts';
import { i18nApi } from './api.ts';
import { LanguageInput } from './LanguageInput.tsx';
import { isLanguageCode } from './languages.ts';

/** Exports one language's texts as the `{key: text}` JSON file or the Excel sheet the import reads. */
export function ExportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [language, setLanguage] = useState('zh');
  const [format, setFormat] = useState<'json' | 'xlsx'>('json');
  const [busy, setBusy] = useState(false);
  const valid = isLanguageCode(language);

  const exportTexts = async () => {
    setBusy(true);
    try {
      const texts = await i18nApi.byLanguage(language);
      if (Object.keys(texts).length === 0) {
        toastWarning(t('i18nAdmin.exportEmpty'));
        return;
      }
      if (format === 'xlsx') {
        saveBlob(await i18nApi.excel(language), `i18n-${language}.xlsx`);
      } else {
        const json = `${JSON.stringify(texts, null, 2)}\n`;
        saveBlob(new Blob([json], { type: 'application/json' }), `i18n-${language}.json`);
      }
      onClose();
    } catch {
      // The request client has shown the failure; the dialog stays for another try.
    } finally {
      setBusy(false);
    }
  };

  return (
    <ActionDialog
      title={t('i18nAdmin.exportTitle')}
      okText={t('i18nAdmin.export')}
      cancelText={t('crud.cancel')}
      okButtonProps={{ disabled: !valid }}
      busy={busy}
      onOk={() => void exportTexts()}
      onCancel={onClose}
    >
      <Form layout="vertical">
        <Form.Item
          label={t('i18nAdmin.language')}
          required
          validateStatus={valid ? undefined : 'error'}
          help={valid ? undefined : t('i18nAdmin.languageInvalid')}
        >
          <LanguageInput value={language} onChange={setLanguage} testId="i18n-export-language" />
        </Form.Item>
        <Form.Item label={t('i18nAdmin.format')}>
          <Radio.Group
            value={format}
            onChange={(event) => setFormat(event.target.value as 'json' | 'xlsx')}
            options={[
              { value: 'json', label: t('i18nAdmin.formatJson') },
              { value: 'xlsx', label: t('i18nAdmin.formatExcel') },
            ]}
          />
        </Form.Item>
      </Form>
    </ActionDialog>
  );
}
