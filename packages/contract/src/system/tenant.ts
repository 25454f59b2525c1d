import { z } from 'zod';
import { idList, idString } from '../envelope.ts';
import { DATETIME, defineResource } from '../resource.ts';

export const tenantResource = defineResource({
  name: 'tenant',
  basePath: '/api/yuan-system/tenant',
  table: 'yuan_tenant',
  perm: 'tenant',
  tenantScoped: false,
  platformOnly: true,
  allTenants: true,
  title: ['租户', 'Tenant'],
  fields: {
    tenantId: {
      column: 'tenant_id',
      kind: 'string',
      label: ['租户ID', 'Tenant id'],
      max: 12,
      search: 'like',
      unique: true,
    },
    tenantName: {
      column: 'tenant_name',
      kind: 'string',
      label: ['租户名称', 'Tenant name'],
      required: ['请输入租户名称', 'Please enter the tenant name'],
      max: 64,
      search: 'like',
    },
    domainUrl: { column: 'domain_url', kind: 'string', label: ['绑定域名', 'Domain'], max: 255 },
    backgroundUrl: {
      column: 'background_url',
      kind: 'string',
      label: ['系统背景', 'Background'],
      max: 1000,
      list: false,
    },
    contactPerson: {
      column: 'contact_person',
      kind: 'string',
      label: ['联系人', 'Contact'],
      max: 64,
      search: 'like',
    },
    contactNumber: { column: 'contact_number', kind: 'string', label: ['联系电话', 'Phone'], max: 32 },
    address: { column: 'address', kind: 'string', label: ['联系地址', 'Address'], max: 255, list: false },
    accountNumber: {
      column: 'account_number',
      kind: 'int',
      label: ['账号额度', 'Account quota'],
      min: -1,
      max: 1_000_000,
    },
    expireTime: { column: 'expire_time', kind: 'datetime', label: ['过期时间', 'Expires'] },
    packageId: { column: 'package_id', kind: 'id', label: ['产品包', 'Package'] },
    datasourceId: { column: 'datasource_id', kind: 'id', label: ['数据源', 'Datasource'], list: false },
  },
});

/** tenant/setting: account quota and expiry of several tenants at once. */
export const tenantSetting = z.strictObject({
  ids: idList,
  accountNumber: z.coerce.number().int().min(-1).max(1_000_000).optional(),
  // Wall-clock time is read in the platform tenant's time zone, ISO with its offset ('' clears the expiry).
  expireTime: z.union([z.literal(''), z.string().regex(DATETIME)]).optional(),
});
/** '' unbinds the tenant from its datasource. */
export const tenantDatasource = z.strictObject({
  tenantId: z.string().regex(/^[0-9A-Za-z]{1,12}$/),
  datasourceId: z.union([idString, z.literal('')]),
});
export const tenantPackageSetting = z.strictObject({
  tenantId: z.string().regex(/^[0-9A-Za-z]{1,12}$/),
  packageId: z.union([idString, z.literal('')]),
});
