import { z } from 'zod';
import { idList, idListOrEmpty } from '../envelope.ts';
import { defineResource } from '../resource.ts';

export const roleResource = defineResource({
  name: 'role',
  basePath: '/api/yuan-system/role',
  table: 'yuan_role',
  perm: 'role',
  tenantScoped: true,
  tree: { label: 'roleName' },
  orderBy: ['sort'],
  title: ['角色', 'Role'],
  fields: {
    parentId: { column: 'parent_id', kind: 'id', label: ['上级角色', 'Parent role'] },
    roleName: {
      column: 'role_name',
      kind: 'string',
      label: ['角色名称', 'Role name'],
      required: ['请输入角色名称', 'Please enter the role name'],
      max: 64,
      search: 'like',
    },
    roleAlias: {
      column: 'role_alias',
      kind: 'string',
      label: ['角色别名', 'Role alias'],
      required: ['请输入角色别名', 'Please enter the role alias'],
      max: 64,
      search: 'like',
      unique: true,
    },
    sort: {
      column: 'sort',
      kind: 'int',
      label: ['角色排序', 'Sort'],
      required: ['请输入角色排序', 'Please enter the sort order'],
      min: 0,
      max: 100_000,
    },
  },
});

const optionalIds = idListOrEmpty.optional();

/** Role grant payload (SPEC §3): the menus/buttons, data scopes and API scopes of the given roles. */
export const roleGrant = z.strictObject({
  roleIds: idList,
  menuIds: optionalIds,
  dataScopeIds: optionalIds,
  apiScopeIds: optionalIds,
});
export type RoleGrant = z.infer<typeof roleGrant>;

/** Top menu grant payload (SPEC §3). */
export const topMenuGrant = z.strictObject({ topMenuIds: idList, menuIds: optionalIds });
