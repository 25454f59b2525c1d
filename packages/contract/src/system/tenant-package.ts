import { defineResource } from '../resource.ts';

/** Tenant packages (SPEC §2 screen, §3 fields, §5 messages): the menus a tenant's roles may be granted. */
export const tenantPackageResource = defineResource({
  name: 'tenantPackage',
  basePath: '/api/yuan-system/tenant-package',
  table: 'yuan_tenant_package',
  perm: 'tenantPackage',
  tenantScoped: false,
  platformOnly: true,
  title: ['租户产品包', 'Tenant package'],
  fields: {
    packageName: {
      column: 'package_name',
      kind: 'string',
      label: ['产品包名称', 'Package name'],
      required: ['请输入产品包名称', 'Please enter the package name'],
      max: 64,
      search: 'like',
    },
    menuId: {
      column: 'menu_id',
      kind: 'ids',
      label: ['菜单列表', 'Menus'],
      required: ['请选择菜单', 'Please choose the menus'],
    },
    remark: { column: 'remark', kind: 'string', label: ['备注', 'Remark'], textarea: true },
  },
});
