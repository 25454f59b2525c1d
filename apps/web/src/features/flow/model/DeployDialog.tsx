import { Form, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RequestError } from '../../../shared/api/http.ts';
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
  const [busy, setBusy] = useState(false);

  const deploy = async () => {
    setBusy(true);
    try {
      const result = await modelApi.deploy(model.id, tenantIds);
      const versions = result.definitions.map((d) => `${d.key} v${d.version}`).join(', ');
      toastSuccess(t('flow.model.deployed', { versions: versions || model.modelKey }));
      onDeployed?.(result);
      onClose();
    } catch (error) {
      // The request client has shown the server's reason; errors of the model are also put on the diagram.
      if (error instanceof RequestError) {
        const lint = lintOfRefusal(error.body);
        if (lint.errors.length > 0) {
          onRefused?.(lint);
          onClose();
        }
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={t('flow.model.deployTitle')}
      okText={t('flow.model.deploy')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      onOk={() => void deploy()}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
      wrapProps={{ 'data-testid': 'flow-deploy-dialog' }}
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
    </Modal>
  );
}
