import { Button, Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { toastError, toastSuccess } from '../../shared/ui/feedback.ts';

/** A design's JSON as it will be saved, read-only, with a copy button (form and grid designers). */
export function JsonDrawer(props: {
  open: boolean;
  text: string;
  title: string;
  testId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(props.text);
      toastSuccess(t('pageDesign.json.copied'));
    } catch {
      toastError(t('pageDesign.json.copyFailed'));
    }
  };
  return (
    <Drawer
      open={props.open}
      onClose={props.onClose}
      title={props.title}
      size="large"
      extra={<Button onClick={() => void copy()}>{t('pageDesign.json.copy')}</Button>}
    >
      <pre
        style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', fontSize: 12 }}
        data-testid={props.testId}
      >
        {props.text}
      </pre>
    </Drawer>
  );
}
