import type { Pair } from '../form-messages.ts';
import { defineResource, type FieldSpec } from '../resource.ts';

/** What differs between a designed form (page) and a designed grid: their names, codes and table. */
interface DesignSpec<K extends 'page' | 'grid'> {
  kind: K;
  title: Pair;
  noLabel: Pair;
  nameLabel: Pair;
  json: K extends 'page' ? 'formJson' : 'gridJson';
  jsonLabel: Pair;
}

function designResource<K extends 'page' | 'grid'>(spec: DesignSpec<K>) {
  const fields: Record<string, FieldSpec> = {
    [`${spec.kind}No`]: {
      column: `${spec.kind}_no`,
      kind: 'string',
      label: spec.noLabel,
      required: true,
      max: 64,
      search: 'like',
      unique: true,
    },
    [`${spec.kind}Name`]: {
      column: `${spec.kind}_name`,
      kind: 'string',
      label: spec.nameLabel,
      required: true,
      search: 'like',
    },
    entId: { column: 'ent_id', kind: 'id', label: ['实体', 'Entity'], required: true, search: 'eq' },
    [spec.json]: {
      column: spec.kind === 'page' ? 'form_json' : 'grid_json',
      kind: 'json',
      label: spec.jsonLabel,
      list: false,
    },
    // Set by the `default` call only: submitted values are ignored.
    isDefault: { column: 'is_default', kind: 'bool', label: ['默认', 'Default'] },
  };
  return defineResource({
    name: spec.kind,
    basePath: '/api/yuan-api',
    table: `yuan_dt_${spec.kind}`,
    perm: spec.kind,
    tenantScoped: true,
    title: spec.title,
    fields,
  });
}

/** Designed forms of an entity (SPEC §7 dtpage): the form JSON the one form renderer draws. */
export const pageResource = designResource({
  kind: 'page',
  title: ['自定义表单', 'Custom form'],
  noLabel: ['表单编号', 'Form code'],
  nameLabel: ['表单名称', 'Form name'],
  json: 'formJson',
  jsonLabel: ['表单配置', 'Form JSON'],
});

/** Designed grids of an entity (SPEC §7 dtgrid): columns, order, search fields, sort, actions, page size. */
export const gridResource = designResource({
  kind: 'grid',
  title: ['自定义表格', 'Custom grid'],
  noLabel: ['表格编号', 'Grid code'],
  nameLabel: ['表格名称', 'Grid name'],
  json: 'gridJson',
  jsonLabel: ['表格配置', 'Grid JSON'],
});
