import { defineResource } from '../resource.ts';
import { DATA_TYPES } from './entity.ts';

/** Element definitions (SPEC §3): reusable field templates an entity's elements may start from. */
export const eleDefResource = defineResource({
  name: 'eleDef',
  basePath: '/api/yuan-api',
  table: 'yuan_dt_ele_def',
  perm: 'element',
  altPerms: ['entity'],
  tenantScoped: true,
  title: ['元素定义', 'Element definition'],
  fields: {
    defNo: {
      column: 'def_no',
      kind: 'string',
      label: ['元素编号', 'Element code'],
      required: true,
      max: 64,
      search: 'like',
      unique: true,
    },
    defName: {
      column: 'def_name',
      kind: 'string',
      label: ['元素名称', 'Element name'],
      required: true,
      search: 'like',
    },
    dataTyp: {
      column: 'data_typ',
      kind: 'string',
      label: ['数据类型', 'Data type'],
      required: true,
      max: 16,
      pattern: `^(${DATA_TYPES.join('|')})$`,
      search: 'eq',
    },
    verifyJson: { column: 'verify_json', kind: 'json', label: ['校验配置', 'Validation'], list: false },
    dictCode: { column: 'dict_code', kind: 'string', label: ['字典编号', 'Dictionary code'] },
    remark: { column: 'remark', kind: 'string', label: ['备注', 'Remark'], textarea: true, list: false },
  },
});
