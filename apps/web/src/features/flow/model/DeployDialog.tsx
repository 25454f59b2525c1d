import { Form, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RequestError } from '../../../shared/api/http.ts';
import { ActionDialog } from '../../../shared/components/ActionDialog.tsx';
import { useBusy } from '../../../shared/hooks/useBusy.ts';
import { toastSuccess } from '../../../shared/ui/feedback.ts';
import { type Lint, lintOfRefusal } from '../bpmn/lint.ts';
import { type DeployResult, modelApi } from '../flowApi.ts';
import { TenantIdsInput } from '../TenantIdsInput.tsx';
import { usePlatformTenant } from '../usePlatformTenant.ts';

export interface DeployTarget {
  id: string;
  modelKey: string;
  name: string;
}

interface Props {
  model: DeployTarget;
  onClose: () => void;
  onDeployed?: (result: DeployResult) => void;
  /** A refusal because the model has errors: they come with it, to be shown on the diagram. */
  onRefused?: (lint: Lint) => void;
}

/** Deploys a saved model as the next version of its process (model/deploy), for chosen tenants if the platform's. */
export function DeployDialog({ model, onClose, onDeployed, onRefused }: Props) {
  const { t } = useTranslation();
  const platform = usePlatformTenant();
  const [tenantIds, setTenantIds] = useState<string[]>([]);
  const { busy, run } = useBusy();

  // The request client has shown the server's reason; errors of the model are also put on the diagram.
  const showRefusal = (error: unknown) => {
    if (error instanceof RequestError) {
      const lint = lintOfRefusal(error.body);
      if (lint.errors.length > 0) {
        onRefused?.(lint);
        onClose();
      }
    }
  };

  const deploy = () =>
    run(async () => {
      const result = await modelApi.deploy(model.id, tenantIds);
      const versions = result.definitions.map((d) => `${d.key} v${d.version}`).join(', ');
      toastSuccess(t('flow.model.deployed', { versions: versions || model.modelKey }));
      onDeployed?.(result);
      onClose();
    }, showRefusal);

  return (
    <ActionDialog
      testId="flow-deploy-dialog"
      title={t('flow.model.deployTitle')}
      okText={t('flow.model.deploy')}
      busy={busy}
      onOk={deploy}
      onCancel={onClose}
    >
      <Typography.Paragraph>
        {t('flow.model.deployConfirm', { name: model.name, key: model.modelKey })}
      </Typography.Paragraph>
      {platform ? (
        <Form layout="vertical">
          <Form.Item
            label={t('flow.deploy.tenantIds')}
            htmlFor="flow-deploy-tenants"
            extra={t('flow.deploy.tenantIdsHint')}
          >
            <TenantIdsInput id="flow-deploy-tenants" value={tenantIds} onChange={setTenantIds} />
          </Form.Item>
        </Form>
      ) : null}
    </ActionDialog>
  );
}
