import { defineResource } from '../resource.ts';

/** System parameters (SPEC §3 Param, §5 messages). */
export const paramResource = defineResource({
  name: 'param',
  basePath: '/api/yuan-system/param',
  table: 'yuan_param',
  perm: 'param',
  tenantScoped: true,
  title: ['参数', 'Parameter'],
  fields: {
    paramName: {
      column: 'param_name',
      kind: 'string',
      label: ['参数名称', 'Parameter name'],
      required: ['请输入参数名称', 'Please enter the parameter name'],
      search: 'like',
    },
    paramKey: {
      column: 'param_key',
      kind: 'string',
      label: ['参数键名', 'Parameter key'],
      required: ['请输入参数键名', 'Please enter the parameter key'],
      search: 'like',
      unique: true,
    },
    paramValue: {
      column: 'param_value',
      kind: 'text',
      label: ['参数键值', 'Parameter value'],
      required: ['请输入参数键值', 'Please enter the parameter value'],
      textarea: true,
    },
    remark: { column: 'remark', kind: 'string', label: ['备注', 'Remark'], textarea: true },
  },
});
