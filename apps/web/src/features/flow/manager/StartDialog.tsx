import { Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ActionDialog } from '../../../shared/components/ActionDialog.tsx';
import { useBusy } from '../../../shared/hooks/useBusy.ts';
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
  const { busy, run } = useBusy();

  const start = () =>
    run(async () => {
      const values = await form.validateFields();
      const parsed = parseVariables(values.variables ?? '');
      const businessKey = values.businessKey?.trim();
      const result = await processApi.start({
        processDefinitionKey: row.key,
        ...(businessKey ? { businessKey } : {}),
        ...(parsed.ok && parsed.variables ? { variables: parsed.variables } : {}),
      });
      toastSuccess(t('flow.manager.started', { id: result.processInstanceId }));
      onClose();
    });

  return (
    <ActionDialog
      testId="flow-start-dialog"
      title={t('flow.manager.startTitle', { name: row.name || row.key })}
      okText={t('flow.manager.start')}
      busy={busy}
      onOk={start}
      onCancel={onClose}
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
    </ActionDialog>
  );
}
