import { tenantResource } from '@yuan/contract/system/tenant';
import { App, Button, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../../shared/crud/CrudPage/index.tsx';
import type { CrudConfig, CrudContext, Row } from '../../../shared/crud/types.ts';
import { toastWarning } from '../../../shared/ui/feedback.ts';
import { useSession } from '../../../stores/session.ts';
import { TenantDatasourceDialog, TenantPackageDialog, TenantSettingDialog } from './TenantDialogs.tsx';

const fields: CrudConfig['fields'] = {
  packageId: { source: 'packageList' },
  domainUrl: { hideInTable: true },
  // Bound from its own dialog (tenant/datasource), which lists the platform's datasources.
  datasourceId: { hideInForm: true, hideInSearch: true, hideInTable: true },
  backgroundUrl: { fullRow: true },
  address: { fullRow: true },
};

/** /system/tenant/index: tenants, their quota and expiry (setting) and their product package. */
export function TenantPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const permission = useSession((state) => state.permission);
  const [setting, setSetting] = useState<{ rows: Row[]; reload: () => void } | null>(null);
  const [packaged, setPackaged] = useState<{ row: Row; reload: () => void } | null>(null);
  const [bound, setBound] = useState<{ row: Row; reload: () => void } | null>(null);

  const config: CrudConfig = {
    resource: tenantResource,
    fields,
    toolbar: (context: CrudContext) =>
      permission.tenant_setting ? (
        <Button
          data-testid="tenant-setting"
          onClick={() =>
            context.selected.length === 0
              ? toastWarning(t('crud.selectOne'))
              : setSetting({ rows: context.selected, reload: context.reload })
          }
        >
          {t('crud.tenantSetting')}
        </Button>
      ) : null,
    rowActions: (row, context) => (
      <>
        {permission.tenant_package ? (
          <Button type="link" size="small" onClick={() => setPackaged({ row, reload: context.reload })}>
            {t('crud.tenantPackage')}
          </Button>
        ) : null}
        {permission.tenant_datasource ? (
          <Button
            type="link"
            size="small"
            data-testid="tenant-datasource"
            onClick={() => setBound({ row, reload: context.reload })}
          >
            {t('tenant.datasource')}
          </Button>
        ) : null}
      </>
    ),
    onSaved: (saved, added) => {
      const password = (saved as Row & { initialPassword?: string }).initialPassword;
      if (added && password) {
        modal.info({
          title: t('common.confirmTitle'),
          okText: t('common.ok'),
          content: (
            <Typography.Paragraph copyable={{ text: password }} data-testid="tenant-initial-password">
              {t('crud.initialPassword', { password })}
            </Typography.Paragraph>
          ),
        });
      }
    },
  };
  return (
    <>
      <CrudPage config={config} />
      {setting ? (
        <TenantSettingDialog
          rows={setting.rows}
          onClose={(changed) => {
            if (changed) {
              setting.reload();
            }
            setSetting(null);
          }}
        />
      ) : null}
      {packaged ? (
        <TenantPackageDialog
          row={packaged.row}
          onClose={(changed) => {
            if (changed) {
              packaged.reload();
            }
            setPackaged(null);
          }}
        />
      ) : null}
      {bound ? (
        <TenantDatasourceDialog
          row={bound.row}
          onClose={(changed) => {
            if (changed) {
              bound.reload();
            }
            setBound(null);
          }}
        />
      ) : null}
    </>
  );
}
