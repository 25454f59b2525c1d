import { defineResource } from '../resource.ts';

export const deptResource = defineResource({
  name: 'dept',
  basePath: '/api/yuan-system/dept',
  table: 'yuan_dept',
  perm: 'dept',
  tenantScoped: true,
  tree: { label: 'deptName', ancestors: true },
  orderBy: ['sort'],
  title: ['部门', 'Department'],
  fields: {
    parentId: { column: 'parent_id', kind: 'id', label: ['上级部门', 'Parent department'], search: 'eq' },
    deptName: {
      column: 'dept_name',
      kind: 'string',
      label: ['部门名称', 'Department name'],
      required: ['请输入部门名称', 'Please enter the department name'],
      max: 64,
      search: 'like',
    },
    fullName: {
      column: 'full_name',
      kind: 'string',
      label: ['部门全称', 'Full name'],
      required: ['请输入部门全称', 'Please enter the full name'],
      max: 255,
      search: 'like',
    },
    deptCategory: {
      column: 'dept_category',
      kind: 'int',
      label: ['部门类型', 'Category'],
      required: ['请选择部门类型', 'Please choose the category'],
      min: 1,
      max: 9,
    },
    sort: {
      column: 'sort',
      kind: 'int',
      label: ['排序', 'Sort'],
      required: ['请输入排序', 'Please enter the sort order'],
      min: 0,
      max: 100_000,
    },
    remark: { column: 'remark', kind: 'string', label: ['备注', 'Remark'], textarea: true },
  },
});
