import type { FormJson } from '@yuan/contract/lowcode/form-json';
import { Alert, Button, Drawer, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../shared/hooks/useLanguage.ts';
import { toastError } from '../../../shared/ui/feedback.ts';
import { readFormJson } from './importJson.ts';

interface ImportDrawerProps {
  open: boolean;
  onClose: () => void;
  onImport: (json: FormJson) => void;
}

/** A pasted form JSON replaces the design once the contract schema accepts it. */
export function ImportDrawer({ open, onClose, onImport }: ImportDrawerProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const result = readFormJson(text, lang, t('pageDesign.import.notJson'));
    if ('error' in result) {
      setError(result.error);
      toastError(result.error);
      return;
    }
    setError(null);
    setText('');
    onImport(result.json);
  };
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('pageDesign.toolbar.import')}
      size="large"
      extra={
        <Button type="primary" onClick={submit}>
          {t('pageDesign.import.ok')}
        </Button>
      }
    >
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 8 }} /> : null}
      <Input.TextArea
        aria-label={t('pageDesign.import.placeholder')}
        placeholder={t('pageDesign.import.placeholder')}
        autoSize={{ minRows: 20 }}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
    </Drawer>
  );
}
