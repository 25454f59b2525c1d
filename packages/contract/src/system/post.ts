import { defineResource } from '../resource.ts';

export const postResource = defineResource({
  name: 'post',
  basePath: '/api/yuan-system/post',
  table: 'yuan_post',
  perm: 'post',
  tenantScoped: true,
  title: ['岗位', 'Post'],
  fields: {
    category: {
      column: 'category',
      kind: 'int',
      label: ['岗位类型', 'Category'],
      required: true,
      min: 1,
      max: 9,
      search: 'eq',
    },
    postCode: {
      column: 'post_code',
      kind: 'string',
      label: ['岗位编号', 'Post code'],
      required: true,
      max: 32,
      search: 'like',
      unique: true,
    },
    postName: {
      column: 'post_name',
      kind: 'string',
      label: ['岗位名称', 'Post name'],
      required: true,
      max: 64,
      search: 'like',
    },
    sort: { column: 'sort', kind: 'int', label: ['岗位排序', 'Sort'], required: true, min: 0, max: 100_000 },
    remark: { column: 'remark', kind: 'string', label: ['岗位描述', 'Remark'], textarea: true },
  },
});
