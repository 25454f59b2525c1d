import { Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../shared/ui/feedback.ts';
import { type DeploymentRow, processApi } from '../flowApi.ts';
import { VariablesField } from '../VariablesField.tsx';
import { parseVariables } from '../variables.ts';

interface Values {
  businessKey?: string;
  variables?: string;
}

/** Starts an instance of a deployed process (its latest active version) with a business key and variables. */
export function StartDialog({ row, onClose }: { row: DeploymentRow; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);

  const start = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const parsed = parseVariables(values.variables ?? '');
    const businessKey = values.businessKey?.trim();
    setBusy(true);
    try {
      const result = await processApi.start({
        processDefinitionKey: row.key,
        ...(businessKey ? { businessKey } : {}),
        ...(parsed.ok && parsed.variables ? { variables: parsed.variables } : {}),
      });
      toastSuccess(t('flow.manager.started', { id: result.processInstanceId }));
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
      title={t('flow.manager.startTitle', { name: row.name || row.key })}
      okText={t('flow.manager.start')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      onOk={() => void start()}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
      wrapProps={{ 'data-testid': 'flow-start-dialog' }}
    >
      <Typography.Paragraph type="secondary">
        {t('flow.manager.startHint', { key: row.key })}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" name="flow-start">
        <Form.Item name="businessKey" label={t('flow.manager.businessKey')}>
          <Input maxLength={255} data-testid="flow-start-business-key" />
        </Form.Item>
        <VariablesField />
      </Form>
    </Modal>
  );
}
