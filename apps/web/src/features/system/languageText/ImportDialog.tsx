import { UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Form, List, Progress, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionDialog } from '../../../shared/components/ActionDialog.tsx';
import { i18nApi, type TextMap } from './api.ts';
import { parseTextFile } from './importTexts.ts';
import { LanguageInput } from './LanguageInput.tsx';
import { isLanguageCode } from './languages.ts';
import { useImport } from './useImport.ts';

interface ImportDialogProps {
  onClose: () => void;
  /** After an import that changed something: the table reloads. */
  onImported: () => void;
}

interface Chosen {
  name: string;
  texts: TextMap;
}

/** Imports an exported `{key: text}` JSON file or Excel sheet into a chosen language, with progress and a summary. */
export function ImportDialog({ onClose, onImported }: ImportDialogProps) {
  const { t } = useTranslation();
  const [language, setLanguage] = useState('en');
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [fileError, setFileError] = useState('');
  const { start, progress, summary, running } = useImport();

  const read = async (file: File) => {
    setChosen(null);
    let texts: TextMap | null;
    if (/\.xlsx$/i.test(file.name)) {
      try {
        texts = await i18nApi.readExcel(file);
      } catch (error) {
        setFileError(error instanceof Error ? error.message : t('i18nAdmin.fileInvalid'));
        return;
      }
    } else {
      texts = parseTextFile(await file.text());
    }
    if (!texts) {
      setFileError(t('i18nAdmin.fileInvalid'));
    } else if (Object.keys(texts).length === 0) {
      setFileError(t('i18nAdmin.fileEmpty'));
    } else {
      setFileError('');
      setChosen({ name: file.name, texts });
    }
  };

  const run = async () => {
    if (!chosen) {
      return;
    }
    const result = await start(chosen.texts, language);
    if (result.created + result.updated > 0) {
      onImported();
    }
  };

  const validLanguage = isLanguageCode(language);
  return (
    <ActionDialog
      title={t('i18nAdmin.importTitle')}
      onCancel={running ? undefined : onClose}
      closable={!running}
      footer={
        <Space>
          <Button onClick={onClose} disabled={running}>
            {t('i18nAdmin.close')}
          </Button>
          <Button
            type="primary"
            loading={running}
            disabled={!chosen || !validLanguage || summary !== null}
            // A failed read of the language's texts was already shown by the request client.
            onClick={() => void run().catch(() => undefined)}
            data-testid="i18n-import-start"
          >
            {t('i18nAdmin.startImport')}
          </Button>
        </Space>
      }
      testId="i18n-import-dialog"
    >
      <Form layout="vertical">
        <Form.Item
          label={t('i18nAdmin.language')}
          required
          validateStatus={validLanguage ? undefined : 'error'}
          help={validLanguage ? undefined : t('i18nAdmin.languageInvalid')}
        >
          <LanguageInput value={language} onChange={setLanguage} testId="i18n-import-language" />
        </Form.Item>
        <Form.Item label={t('i18nAdmin.chooseFile')} extra={t('i18nAdmin.fileHint')}>
          <Upload
            accept=".json,application/json,.xlsx"
            maxCount={1}
            showUploadList={false}
            disabled={running}
            beforeUpload={(file) => {
              void read(file);
              // Read here; nothing is uploaded.
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} data-testid="i18n-import-file">
              {t('i18nAdmin.chooseFile')}
            </Button>
          </Upload>
        </Form.Item>
      </Form>
      {fileError ? <Alert type="error" showIcon title={fileError} /> : null}
      {chosen ? (
        <Typography.Paragraph data-testid="i18n-import-chosen">
          {t('i18nAdmin.fileChosen', { name: chosen.name, count: String(Object.keys(chosen.texts).length) })}
        </Typography.Paragraph>
      ) : null}
      {progress ? (
        <div data-testid="i18n-import-progress">
          <Progress
            percent={progress.total === 0 ? 100 : Math.round((progress.done / progress.total) * 100)}
          />
          <Typography.Text type="secondary">
            {t('i18nAdmin.importing', { done: String(progress.done), total: String(progress.total) })}
          </Typography.Text>
        </div>
      ) : null}
      {summary ? (
        <div data-testid="i18n-import-summary" style={{ marginTop: 12 }}>
          <Alert
            type={summary.failed.length > 0 ? 'warning' : 'success'}
            showIcon
            title={t('i18nAdmin.summary', {
              created: String(summary.created),
              updated: String(summary.updated),
              unchanged: String(summary.unchanged),
              failed: String(summary.failed.length),
            })}
          />
          {summary.failed.length > 0 ? (
            <List
              size="small"
              header={t('i18nAdmin.failures')}
              dataSource={summary.failed}
              renderItem={(item) => (
                <List.Item>
                  {item.key}: {item.message}
                </List.Item>
              )}
            />
          ) : null}
        </div>
      ) : null}
    </ActionDialog>
  );
}
