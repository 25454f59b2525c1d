import { roleResource } from '@yuan/contract/system/role';
import { useTranslation } from 'react-i18next';
import { call } from '../../../shared/api/http.ts';
import { GrantingCrudPage } from '../../../shared/crud/GrantingCrudPage.tsx';
import type { GrantTrees } from '../../../shared/crud/sources.ts';

const MENU = '/api/yuan-system/menu';

function loadGrant(roleId: string) {
  return Promise.all([
    call<GrantTrees>(`${MENU}/grant-tree`),
    call<{ menu: string[]; dataScope: string[]; apiScope: string[] }>(`${MENU}/role-tree-keys`, {
      params: { roleIds: roleId },
    }),
  ]).then(([trees, keys]) => ({ trees: { ...trees }, keys: { ...keys } }));
}

function grant(roleId: string, keys: Record<string, string[]>) {
  return call('/api/yuan-system/role/grant', {
    method: 'POST',
    body: {
      roleIds: roleId,
      menuIds: (keys.menu ?? []).join(','),
      dataScopeIds: (keys.dataScope ?? []).join(','),
      apiScopeIds: (keys.apiScope ?? []).join(','),
    },
  });
}

/** /authority/role/index: the role tree and the grant dialog (menus and buttons, data scopes, API scopes). */
export function RolePage() {
  const { t } = useTranslation();
  return (
    <GrantingCrudPage
      config={{ resource: roleResource, fields: { parentId: { hideInTable: true } } }}
      permission="role_grant"
      label={t('crud.grant')}
      testId="role-grant"
      nameField="roleName"
      tabs={[
        { key: 'menu', label: t('crud.grantMenu') },
        { key: 'dataScope', label: t('crud.grantData'), leavesOnly: true },
        { key: 'apiScope', label: t('crud.grantApi'), leavesOnly: true },
      ]}
      load={loadGrant}
      submit={grant}
    />
  );
}
