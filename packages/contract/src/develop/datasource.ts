import { defineResource } from '../resource.ts';

/** JDBC-style driver names, kept for compatibility with the origin system's records. */
export const DATASOURCE_DRIVERS = ['org.postgresql.Driver', 'com.mysql.cj.jdbc.Driver'] as const;

/**
 * Datasources a tenant can be bound to (tenant/datasource) and the code generator reads from. Platform records;
 * the password is write-only.
 */
export const datasourceResource = defineResource({
  name: 'datasource',
  basePath: '/api/yuan-develop/datasource',
  table: 'yuan_datasource',
  perm: 'datasource',
  // The tenant screen's datasource picker lists them too.
  altPerms: ['tenant_datasource'],
  tenantScoped: false,
  platformOnly: true,
  title: ['数据源', 'Datasource'],
  fields: {
    name: {
      column: 'name',
      kind: 'string',
      label: ['名称', 'Name'],
      required: ['请输入数据源名称', 'Please enter the datasource name'],
      max: 64,
      search: 'like',
      unique: true,
    },
    driverClass: {
      column: 'driver_class',
      kind: 'string',
      label: ['驱动类', 'Driver'],
      required: ['请输入驱动类', 'Please enter the driver'],
      max: 128,
    },
    url: {
      column: 'url',
      kind: 'string',
      label: ['连接地址', 'URL'],
      required: ['请输入连接地址', 'Please enter the URL'],
      max: 512,
      pattern: '^(jdbc:)?(postgresql|postgres|mysql)://[^\\s]+$',
      // An address may carry the user and password (user:password@host) or a password in its query.
      secret: 'url',
    },
    username: { column: 'username', kind: 'string', label: ['用户名', 'User name'], max: 128 },
    password: {
      column: 'password',
      kind: 'string',
      label: ['密码', 'Password'],
      max: 255,
      writeOnly: true,
    },
    remark: { column: 'remark', kind: 'string', label: ['备注', 'Remark'], textarea: true, list: false },
  },
});
