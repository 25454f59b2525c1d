import { userResource } from '@yuan/contract/user/user';
import { Card, Col, Row as GridRow, Spin, Tree } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../../shared/crud/CrudPage/index.tsx';
import { useSource } from '../../../shared/crud/sources.ts';
import type { CrudConfig } from '../../../shared/crud/types.ts';
import { SEX, USER_TYPE } from '../options.ts';
import { UserPlatformAction, UserToolbar } from './UserActions.tsx';

const fields: CrudConfig['fields'] = {
  password: { addOnly: true, requiredOnAdd: true, widget: 'password' },
  password2: { addOnly: true, requiredOnAdd: true, widget: 'password' },
  roleId: { source: 'roleTree' },
  deptId: { source: 'deptTree', hideInSearch: true },
  postId: { source: 'postList' },
  sex: { options: SEX },
  userType: { options: USER_TYPE },
  email: { hideInTable: true },
  code: { hideInTable: true },
};

/** /system/user/index: users, filtered by the department chosen in the tree beside the table. */
export function UserPage() {
  const { t } = useTranslation();
  const depts = useSource('deptTree');
  const [deptId, setDeptId] = useState('');
  const config = useMemo<CrudConfig>(
    () => ({
      resource: userResource,
      fields,
      params: deptId ? { deptId } : undefined,
      toolbar: (context) => <UserToolbar context={context} />,
      rowActions: (row, context) => <UserPlatformAction row={row} context={context} />,
    }),
    [deptId],
  );
  return (
    <GridRow gutter={12} wrap={false}>
      <Col flex="240px">
        <Card variant="borderless" size="small" title={t('crud.allDepts')} data-testid="user-dept-tree">
          {depts.data ? (
            <Tree
              blockNode
              defaultExpandAll
              treeData={depts.data}
              selectedKeys={deptId ? [deptId] : []}
              onSelect={(keys) => setDeptId(keys.length > 0 ? String(keys[0]) : '')}
            />
          ) : (
            <Spin />
          )}
        </Card>
      </Col>
      <Col flex="auto" style={{ minWidth: 0 }}>
        <CrudPage config={config} />
      </Col>
    </GridRow>
  );
}
