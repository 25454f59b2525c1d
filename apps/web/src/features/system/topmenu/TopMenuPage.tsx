import { topMenuResource } from '@yuan/contract/system/menu';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../shared/api/http.ts';
import { CrudPage } from '../../../shared/crud/CrudPage/index.tsx';
import { GrantDialog } from '../../../shared/crud/GrantDialog.tsx';
import type { CrudConfig, Row, TreeNode } from '../../../shared/crud/types.ts';
import { usePermission } from '../../../shared/hooks/usePermission.ts';

const MENU = '/api/yuan-system/menu';

function loadGrant(topMenuId: string) {
  return Promise.all([
    call<{ menu: TreeNode[] }>(`${MENU}/grant-top-tree`),
    call<{ menu: string[] }>(`${MENU}/top-tree-keys`, { params: { topMenuIds: topMenuId } }),
  ]).then(([trees, keys]) => ({ trees: { ...trees }, keys: { ...keys } }));
}

/** /system/topmenu/index: top menus and the menus each one shows. */
export function TopMenuPage() {
  const { t } = useTranslation();
  const canGrant = usePermission('topmenu_grant');
  const [granting, setGranting] = useState<Row | null>(null);
  const config: CrudConfig = {
    resource: topMenuResource,
    rowActions: (row) =>
      canGrant ? (
        <Button type="link" size="small" onClick={() => setGranting(row)} data-testid="topmenu-grant">
          {t('crud.grantMenu')}
        </Button>
      ) : null,
  };
  return (
    <>
      <CrudPage config={config} />
      {granting ? (
        <GrantDialog
          open
          title={`${t('crud.grantMenu')} ${String(granting.name ?? '')}`}
          tabs={[{ key: 'menu', label: t('crud.grantMenu') }]}
          queryKey={['topmenu', granting.id]}
          load={() => loadGrant(granting.id)}
          submit={(keys) =>
            call('/api/yuan-system/topmenu/grant', {
              method: 'POST',
              body: { topMenuIds: granting.id, menuIds: (keys.menu ?? []).join(',') },
            })
          }
          onClose={() => setGranting(null)}
        />
      ) : null}
    </>
  );
}
