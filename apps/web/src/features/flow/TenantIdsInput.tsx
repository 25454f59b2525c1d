import { Select } from 'antd';
import { useTranslation } from 'react-i18next';

interface Props {
  id?: string;
  value?: string[];
  onChange?: (value: string[]) => void;
}

/**
 * Tenant ids typed as tags (Enter, comma or space ends one): the tenants a deployment is for. Empty deploys for
 * the caller's own tenant.
 */
export function TenantIdsInput({ id, value, onChange }: Props) {
  const { t } = useTranslation();
  return (
    <Select
      id={id}
      mode="tags"
      open={false}
      suffixIcon={null}
      tokenSeparators={[',', ' ']}
      placeholder={t('flow.deploy.tenantIdsPlaceholder')}
      value={value}
      onChange={(next: string[]) => onChange?.(next.map((item) => item.trim()).filter(Boolean))}
      data-testid="flow-tenant-ids"
    />
  );
}
