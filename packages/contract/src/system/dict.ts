import type { Pair } from '../form-messages.ts';
import { defineResource, type FieldSpec } from '../resource.ts';

/** The fields and SPEC §5 messages shared by the system and the business dictionary. */
const fields = {
  parentId: { column: 'parent_id', kind: 'id', label: ['上级字典', 'Parent'], search: 'eq' },
  code: {
    column: 'code',
    kind: 'string',
    label: ['字典编号', 'Code'],
    required: ['请输入字典编号', 'Please enter the code'],
    max: 64,
    search: 'like',
  },
  dictValue: {
    column: 'dict_value',
    kind: 'string',
    label: ['字典名称', 'Name'],
    required: ['请输入字典名称', 'Please enter the name'],
    search: 'like',
  },
  dictKey: {
    column: 'dict_key',
    kind: 'string',
    label: ['字典键值', 'Key'],
    required: ['请输入字典键值', 'Please enter the key'],
    max: 255,
  },
  sort: {
    column: 'sort',
    kind: 'int',
    label: ['字典排序', 'Sort'],
    required: ['请输入字典排序', 'Please enter the sort order'],
    min: 0,
    max: 100_000,
  },
  isSealed: {
    column: 'is_sealed',
    kind: 'int',
    label: ['封存', 'Sealed'],
    required: ['请选择封存', 'Please choose whether it is sealed'],
    min: 0,
    max: 1,
  },
  remark: { column: 'remark', kind: 'string', label: ['字典备注', 'Remark'], textarea: true },
} satisfies Record<string, FieldSpec>;

const dict = (
  name: string,
  basePath: string,
  table: string,
  perm: string,
  tenantScoped: boolean,
  title: Pair,
) =>
  defineResource({
    name,
    basePath,
    table,
    perm,
    // The horizontal and vertical dictionary managers work on both dictionaries.
    altPerms: ['dictHorizontal', 'dictVertical'],
    tenantScoped,
    platformOnly: !tenantScoped,
    tree: { label: 'dictValue' },
    orderBy: ['sort'],
    title,
    fields,
  });

export const dictResource = dict('dict', '/api/yuan-system/dict', 'yuan_dict', 'dict', false, [
  '系统字典',
  'System dictionary',
]);
export const dictBizResource = dict(
  'dictBiz',
  '/api/yuan-system/dict-biz',
  'yuan_dict_biz',
  'dictbiz',
  true,
  ['业务字典', 'Business dictionary'],
);
