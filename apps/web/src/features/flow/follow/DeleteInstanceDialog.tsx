import { Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ActionDialog } from '../../../shared/components/ActionDialog.tsx';
import { useBusy } from '../../../shared/hooks/useBusy.ts';
import { toastSuccess } from '../../../shared/ui/feedback.ts';
import { followApi, type InstanceRow } from '../flowApi.ts';

/** Stops a running instance for good, with the reason kept in its history (follow/delete-process-instance). */
export function DeleteInstanceDialog(props: { row: InstanceRow; onClose: () => void; onDone: () => void }) {
  const { row, onClose, onDone } = props;
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  const { busy, run } = useBusy();

  const submit = () =>
    run(async () => {
      const reason = (await form.validateFields()).reason.trim();
      await followApi.deleteInstance(row.id, reason);
      toastSuccess(t('crud.deleted'));
      onDone();
      onClose();
    });

  return (
    <ActionDialog
      testId="flow-instance-delete-dialog"
      title={t('flow.follow.deleteTitle')}
      okText={t('crud.delete')}
      okButtonProps={{ danger: true }}
      busy={busy}
      onOk={submit}
      onCancel={onClose}
    >
      <Typography.Paragraph>
        {t('flow.follow.deleteConfirm', {
          name: row.processDefinitionName || row.processDefinitionKey,
          key: row.businessKey || row.id,
        })}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" name="flow-instance-delete">
        <Form.Item
          name="reason"
          label={t('flow.follow.deleteReason')}
          rules={[{ required: true, whitespace: true, message: t('flow.follow.deleteReasonRequired') }]}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </ActionDialog>
  );
}
