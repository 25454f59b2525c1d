import { Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../shared/ui/feedback.ts';
import { followApi, type InstanceRow } from '../flowApi.ts';

/** Stops a running instance for good, with the reason kept in its history (follow/delete-process-instance). */
export function DeleteInstanceDialog(props: { row: InstanceRow; onClose: () => void; onDone: () => void }) {
  const { row, onClose, onDone } = props;
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    let reason: string;
    try {
      reason = (await form.validateFields()).reason.trim();
    } catch {
      return;
    }
    setBusy(true);
    try {
      await followApi.deleteInstance(row.id, reason);
      toastSuccess(t('crud.deleted'));
      onDone();
      onClose();
    } catch {
      // The request client has shown the server's reason.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={t('flow.follow.deleteTitle')}
      okText={t('crud.delete')}
      okButtonProps={{ danger: true }}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
      wrapProps={{ 'data-testid': 'flow-instance-delete-dialog' }}
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
    </Modal>
  );
}
