import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ActionDialog } from '../../shared/components/ActionDialog.tsx';
import { useLock } from '../../stores/lock.ts';

/** Lock-screen setup: a required password, then /lock. */
export function LockDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<{ password: string }>();

  const onOk = async () => {
    const { password } = await form.validateFields();
    useLock.getState().lock(password);
    onClose();
    navigate('/lock');
  };

  return (
    <ActionDialog
      open={open}
      title={t('lock.setTitle')}
      onCancel={onClose}
      onOk={() => void onOk().catch(() => undefined)}
      okText={t('lock.submit')}
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={() => void onOk()} preserve={false}>
        <Form.Item
          name="password"
          label={t('lock.password')}
          rules={[{ required: true, message: t('lock.passwordRequired') }]}
        >
          <Input.Password autoFocus placeholder={t('lock.password')} />
        </Form.Item>
      </Form>
    </ActionDialog>
  );
}
