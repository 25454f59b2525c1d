import { defineResource } from '../resource.ts';

/** Administrative regions (provinces, cities, …) keyed by their GB/T 2260 code; the root's parentCode is '00'. */
export const regionResource = defineResource({
  name: 'region',
  basePath: '/api/yuan-system/region',
  table: 'yuan_region',
  perm: 'region',
  tenantScoped: false,
  platformOnly: true,
  orderBy: ['sort', 'code'],
  title: ['行政区划', 'Region'],
  fields: {
    code: {
      column: 'code',
      kind: 'string',
      label: ['区划编号', 'Code'],
      required: ['请输入区划编号', 'Please enter the code'],
      max: 12,
      search: 'like',
      unique: true,
    },
    parentCode: {
      column: 'parent_code',
      kind: 'string',
      label: ['上级区划', 'Parent'],
      required: ['请选择上级区划', 'Please choose the parent'],
      max: 12,
      search: 'eq',
    },
    name: {
      column: 'name',
      kind: 'string',
      label: ['区划名称', 'Name'],
      required: ['请输入区划名称', 'Please enter the name'],
      max: 64,
      search: 'like',
    },
    regionLevel: {
      column: 'region_level',
      kind: 'int',
      label: ['区划层级', 'Level'],
      required: ['请选择区划层级', 'Please choose the level'],
      min: 1,
      max: 5,
      search: 'eq',
    },
    sort: { column: 'sort', kind: 'int', label: ['排序', 'Sort'], min: 0, max: 100_000 },
    remark: { column: 'remark', kind: 'string', label: ['备注', 'Remark'], textarea: true },
  },
});
