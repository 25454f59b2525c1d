import { roleResource } from '@yuan/contract/system/role';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../shared/api/http.ts';
import { CrudPage } from '../../../shared/crud/CrudPage/index.tsx';
import { GrantDialog } from '../../../shared/crud/GrantDialog.tsx';
import type { GrantTrees } from '../../../shared/crud/sources.ts';
import type { CrudConfig, Row } from '../../../shared/crud/types.ts';
import { usePermission } from '../../../shared/hooks/usePermission.ts';

const MENU = '/api/yuan-system/menu';

function loadGrant(roleId: string) {
  return Promise.all([
    call<GrantTrees>(`${MENU}/grant-tree`),
    call<{ menu: string[]; dataScope: string[]; apiScope: string[] }>(`${MENU}/role-tree-keys`, {
      params: { roleIds: roleId },
    }),
  ]).then(([trees, keys]) => ({ trees: { ...trees }, keys: { ...keys } }));
}

/** /authority/role/index: the role tree and the grant dialog (menus and buttons, data scopes, API scopes). */
export function RolePage() {
  const { t } = useTranslation();
  const canGrant = usePermission('role_grant');
  const [granting, setGranting] = useState<Row | null>(null);
  const config: CrudConfig = {
    resource: roleResource,
    fields: { parentId: { hideInTable: true } },
    rowActions: (row) =>
      canGrant ? (
        <Button type="link" size="small" onClick={() => setGranting(row)} data-testid="role-grant">
          {t('crud.grant')}
        </Button>
      ) : null,
  };
  return (
    <>
      <CrudPage config={config} />
      {granting ? (
        <GrantDialog
          open
          title={`${t('crud.grant')} ${String(granting.roleName ?? '')}`}
          tabs={[
            { key: 'menu', label: t('crud.grantMenu') },
            { key: 'dataScope', label: t('crud.grantData'), leavesOnly: true },
            { key: 'apiScope', label: t('crud.grantApi'), leavesOnly: true },
          ]}
          queryKey={['role', granting.id]}
          load={() => loadGrant(granting.id)}
          submit={(keys) =>
            call('/api/yuan-system/role/grant', {
              method: 'POST',
              body: {
                roleIds: granting.id,
                menuIds: (keys.menu ?? []).join(','),
                dataScopeIds: (keys.dataScope ?? []).join(','),
                apiScopeIds: (keys.apiScope ?? []).join(','),
              },
            })
          }
          onClose={() => setGranting(null)}
        />
      ) : null}
    </>
  );
}
