import { useQuery } from '@tanstack/react-query';
import type { FormField } from '@yuan/contract/lowcode/form-json';
import { Form, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../../shared/api/http.ts';
import { ActionDialog } from '../../../shared/components/ActionDialog.tsx';
import type { Row, SourceName } from '../../../shared/crud/types.ts';
import { DATE_TIME, inTimeZone } from '../../../shared/time/timeZone.ts';
import { SchemaFields } from '../../../shared/schema-form/SchemaFields.tsx';
import { toastSuccess } from '../../../shared/ui/feedback.ts';

const TENANT = '/api/yuan-system/tenant';

interface SettingProps {
  rows: Row[];
  onClose: (changed: boolean) => void;
}

/** tenant/setting: account quota and expiry of the selected tenants. */
export function TenantSettingDialog({ rows, onClose }: SettingProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ accountNumber?: number; expireTime?: string }>();
  const fields: FormField[] = [
    {
      type: 'number',
      prop: 'accountNumber',
      label: t('tenant.accountNumber'),
      min: -1,
      max: 1_000_000,
      precision: 0,
    },
    {
      type: 'datetime',
      prop: 'expireTime',
      label: t('tenant.expireTime'),
      format: DATE_TIME,
      valueFormat: DATE_TIME,
    },
  ];
  const first = rows.length === 1 ? rows[0] : undefined;
  const submit = async () => {
    const values = await form.validateFields();
    await call(`${TENANT}/setting`, {
      method: 'POST',
      body: {
        ids: rows.map((row) => row.id).join(','),
        accountNumber: values.accountNumber ?? -1,
        expireTime: values.expireTime ?? '',
      },
    });
    toastSuccess(t('crud.done'));
    onClose(true);
  };
  return (
    <ActionDialog
      title={t('crud.tenantSetting')}
      onCancel={() => onClose(false)}
      onOk={() => void submit().catch(() => undefined)}
      okText={t('crud.submit')}
      cancelText={t('crud.cancel')}
    >
      <Form
        form={form}
        name="tenant-setting"
        labelCol={{ flex: '120px' }}
        initialValues={{
          accountNumber: typeof first?.accountNumber === 'number' ? first.accountNumber : -1,
          expireTime: first?.expireTime ? inTimeZone(String(first.expireTime)).format(DATE_TIME) : undefined,
        }}
      >
        <SchemaFields fields={fields} items={{ accountNumber: { extra: t('tenant.unlimited') } }} />
      </Form>
    </ActionDialog>
  );
}

interface BindProps {
  row: Row;
  onClose: (changed: boolean) => void;
}

interface ChoiceProps {
  row: Row;
  title: string;
  label: string;
  extra?: string;
  source: SourceName;
  /** The current choice; null while it loads. */
  current: string | undefined | null;
  /** Saves the choice ('' clears it). */
  save: (value: string) => Promise<unknown>;
  onClose: (changed: boolean) => void;
}

/** One choice for one tenant from a list (its package, its datasource); cleared to unbind. */
function TenantChoiceDialog({ row, title, label, extra, source, current, save, onClose }: ChoiceProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ value?: string }>();
  const fields: FormField[] = [{ type: 'select', prop: 'value', label, dicSource: source, clearable: true }];
  const submit = async () => {
    const { value } = await form.validateFields();
    await save(value ?? '');
    toastSuccess(t('crud.done'));
    onClose(true);
  };
  return (
    <ActionDialog
      title={`${title} ${String(row.tenantName ?? '')}`}
      onCancel={() => onClose(false)}
      onOk={() => void submit().catch(() => undefined)}
      okText={t('crud.submit')}
      cancelText={t('crud.cancel')}
    >
      {current === null ? (
        <Spin />
      ) : (
        <Form form={form} labelCol={{ flex: '120px' }} initialValues={{ value: current }}>
          <SchemaFields fields={fields} items={{ value: { extra } }} />
        </Form>
      )}
    </ActionDialog>
  );
}

/** tenant/package-detail and package-setting: the product package of one tenant. */
export function TenantPackageDialog({ row, onClose }: BindProps) {
  const { t } = useTranslation();
  const tenantId = String(row.tenantId ?? '');
  const detail = useQuery({
    queryKey: ['tenant-package', tenantId],
    queryFn: () => call<{ packageId: string | null }>(`${TENANT}/package-detail`, { params: { tenantId } }),
    gcTime: 0,
  });
  return (
    <TenantChoiceDialog
      row={row}
      title={t('crud.tenantPackage')}
      label={t('tenant.package')}
      source="packageList"
      current={detail.data ? (detail.data.packageId ?? undefined) : null}
      save={(packageId) =>
        call(`${TENANT}/package-setting`, { method: 'POST', body: { tenantId, packageId } })
      }
      onClose={onClose}
    />
  );
}

/** tenant/datasource: binds one tenant to a datasource, or unbinds it (cleared). */
export function TenantDatasourceDialog({ row, onClose }: BindProps) {
  const { t } = useTranslation();
  const tenantId = String(row.tenantId ?? '');
  return (
    <TenantChoiceDialog
      row={row}
      title={t('tenant.datasource')}
      label={t('tenant.datasource')}
      extra={t('tenant.datasourceHint')}
      source="datasourceList"
      current={row.datasourceId ? String(row.datasourceId) : undefined}
      save={(datasourceId) =>
        call(`${TENANT}/datasource`, { method: 'POST', body: { tenantId, datasourceId } })
      }
      onClose={onClose}
    />
  );
}
