import { useQuery } from '@tanstack/react-query';
import { DatePicker, Form, InputNumber, Modal, Select, Spin } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { call } from '../../../shared/api/http.ts';
import { DATE_TIME } from '../../../shared/crud/query.ts';
import { useSource } from '../../../shared/crud/sources.ts';
import type { Row } from '../../../shared/crud/types.ts';
import { toastSuccess } from '../../../shared/ui/feedback.ts';

const TENANT = '/api/yuan-system/tenant';

interface SettingProps {
  rows: Row[];
  onClose: (changed: boolean) => void;
}

/** tenant/setting: account quota and expiry of the selected tenants. */
export function TenantSettingDialog({ rows, onClose }: SettingProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ accountNumber?: number; expireTime?: Dayjs }>();
  const first = rows.length === 1 ? rows[0] : undefined;
  const submit = async () => {
    const values = await form.validateFields();
    await call(`${TENANT}/setting`, {
      method: 'POST',
      body: {
        ids: rows.map((row) => row.id).join(','),
        accountNumber: values.accountNumber ?? -1,
        expireTime: values.expireTime ? values.expireTime.format(DATE_TIME) : '',
      },
    });
    toastSuccess(t('crud.done'));
    onClose(true);
  };
  return (
    <Modal
      open
      title={t('crud.tenantSetting')}
      maskClosable={false}
      destroyOnHidden
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
          expireTime: first?.expireTime ? dayjs(String(first.expireTime)) : undefined,
        }}
      >
        <Form.Item name="accountNumber" label={t('tenant.accountNumber')} extra={t('tenant.unlimited')}>
          <InputNumber min={-1} max={1_000_000} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="expireTime" label={t('tenant.expireTime')}>
          <DatePicker showTime style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

interface PackageProps {
  row: Row;
  onClose: (changed: boolean) => void;
}

/** tenant/package-detail and package-setting: the product package of one tenant. */
export function TenantPackageDialog({ row, onClose }: PackageProps) {
  const { t } = useTranslation();
  const tenantId = String(row.tenantId ?? '');
  const packages = useSource('packageList');
  const detail = useQuery({
    queryKey: ['tenant-package', tenantId],
    queryFn: () => call<{ packageId: string | null }>(`${TENANT}/package-detail`, { params: { tenantId } }),
    gcTime: 0,
  });
  const [form] = Form.useForm<{ packageId?: string }>();
  const submit = async () => {
    const { packageId } = await form.validateFields();
    await call(`${TENANT}/package-setting`, {
      method: 'POST',
      body: { tenantId, packageId: packageId ?? '' },
    });
    toastSuccess(t('crud.done'));
    onClose(true);
  };
  return (
    <Modal
      open
      title={`${t('crud.tenantPackage')} ${String(row.tenantName ?? '')}`}
      maskClosable={false}
      destroyOnHidden
      onCancel={() => onClose(false)}
      onOk={() => void submit().catch(() => undefined)}
      okText={t('crud.submit')}
      cancelText={t('crud.cancel')}
    >
      {detail.data ? (
        <Form
          form={form}
          name="tenant-package"
          labelCol={{ flex: '120px' }}
          initialValues={{ packageId: detail.data.packageId ?? undefined }}
        >
          <Form.Item name="packageId" label={t('tenant.package')}>
            <Select
              allowClear
              loading={packages.isLoading}
              options={(packages.data ?? []).map((node) => ({ value: node.value, label: node.title }))}
            />
          </Form.Item>
        </Form>
      ) : (
        <Spin />
      )}
    </Modal>
  );
}
