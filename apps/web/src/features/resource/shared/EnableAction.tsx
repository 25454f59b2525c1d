import type { Resource } from '@yuan/contract';
import { App, Button, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../../shared/api/http.ts';
import type { CrudContext, Row } from '../../../shared/crud/types.ts';
import { usePermission } from '../../../shared/hooks/usePermission.ts';
import { toastSuccess } from '../../../shared/ui/feedback.ts';
import { isEnabled } from './enabled.ts';

/** A configuration's code, with a tag on the enabled one so that it stands out in the table. */
export function EnabledCode({ code, row }: { code: unknown; row: Row }) {
  const { t } = useTranslation();
  return (
    <Space size={6}>
      <span>{String(code ?? '')}</span>
      {isEnabled(row) ? (
        <Tag color="success" data-testid="config-enabled">
          {t('storage.enabled')}
        </Tag>
      ) : null}
    </Space>
  );
}

interface EnableActionProps {
  resource: Resource;
  row: Row;
  context: CrudContext;
  /** The field naming the configuration in the confirmation (ossCode, smsCode). */
  codeField: string;
}

/**
 * Row action "enable" (button code `${perm}_enable`): makes this configuration the tenant's only enabled one. Not
 * offered on the row that is already enabled.
 */
export function EnableAction({ resource, row, context, codeField }: EnableActionProps) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const allowed = usePermission(`${resource.perm}_enable`);
  if (!allowed || isEnabled(row)) {
    return null;
  }
  const confirm = () =>
    modal.confirm({
      title: t('common.confirmTitle'),
      content: t('storage.enableConfirm', { code: String(row[codeField] ?? row.id) }),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await call<boolean>(`${resource.basePath}/enable`, { method: 'POST', body: { id: row.id } });
        toastSuccess(t('crud.done'));
        context.reload();
      },
    });
  return (
    <Button type="link" size="small" onClick={confirm} data-testid="config-enable">
      {t('storage.enable')}
    </Button>
  );
}
