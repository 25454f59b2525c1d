import { topMenuResource } from '@yuan/contract/system/menu';
import { useTranslation } from 'react-i18next';
import { call } from '../../../shared/api/http.ts';
import { GrantingCrudPage } from '../../../shared/crud/GrantingCrudPage.tsx';
import type { TreeNode } from '../../../shared/crud/types.ts';

const MENU = '/api/yuan-system/menu';

function loadGrant(topMenuId: string) {
  return Promise.all([
    call<{ menu: TreeNode[] }>(`${MENU}/grant-top-tree`),
    call<{ menu: string[] }>(`${MENU}/top-tree-keys`, { params: { topMenuIds: topMenuId } }),
  ]).then(([trees, keys]) => ({ trees: { ...trees }, keys: { ...keys } }));
}

function grant(topMenuId: string, keys: Record<string, string[]>) {
  return call('/api/yuan-system/topmenu/grant', {
    method: 'POST',
    body: { topMenuIds: topMenuId, menuIds: (keys.menu ?? []).join(',') },
  });
}

/** /system/topmenu/index: top menus and the menus each one shows. */
export function TopMenuPage() {
  const { t } = useTranslation();
  return (
    <GrantingCrudPage
      config={{ resource: topMenuResource }}
      permission="topmenu_grant"
      label={t('crud.grantMenu')}
      testId="topmenu-grant"
      nameField="name"
      tabs={[{ key: 'menu', label: t('crud.grantMenu') }]}
      load={loadGrant}
      submit={grant}
    />
  );
}
