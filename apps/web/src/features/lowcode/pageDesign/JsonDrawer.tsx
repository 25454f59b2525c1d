import { Button, Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { toastError, toastSuccess } from '../../../shared/ui/feedback.ts';

/** The form JSON as it will be saved, read-only, with a copy button. */
export function JsonDrawer({ open, text, onClose }: { open: boolean; text: string; onClose: () => void }) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toastSuccess(t('pageDesign.json.copied'));
    } catch {
      toastError(t('pageDesign.json.copyFailed'));
    }
  };
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('pageDesign.toolbar.json')}
      size="large"
      extra={<Button onClick={() => void copy()}>{t('pageDesign.json.copy')}</Button>}
    >
      <pre className="page-design-json" data-testid="page-design-json-text">
        {text}
      </pre>
    </Drawer>
  );
}
