import { z } from 'zod';
import { idString } from '../envelope.ts';
import { defineResource } from '../resource.ts';

/**
 * What a node of a mind map opens when run: an entity's list or form, a sub-list or sub-form of an entity that
 * references the parent's entity (the parent row is the context), or a script service.
 */
export const MINDMAP_BINDINGS = ['list', 'form', 'sublist', 'subform', 'service'] as const;
export type MindmapBinding = (typeof MINDMAP_BINDINGS)[number];

/** A node's binding, kept in the node's `data` in the stored tree. */
export const mindmapBind = z.strictObject({
  kind: z.enum(MINDMAP_BINDINGS),
  /** The entity (list, form, sub-list, sub-form). */
  entId: idString.optional(),
  /** The designed form to use (form, sub-form); the entity's default form when absent. */
  pageId: idString.optional(),
  /** The referencing field of a sub-list or sub-form's entity that holds the parent row's id. */
  refField: z.string().max(63).optional(),
  /** The script service's path (service). */
  servicePath: z.string().max(255).optional(),
});
export type MindmapBind = z.output<typeof mindmapBind>;

/** One node of the stored tree (mind-elixir's shape, with our binding in `bind`). */
export interface MindmapNode {
  id: string;
  topic: string;
  children?: MindmapNode[];
  bind?: MindmapBind;
}

/** Mind maps of a tenant (SPEC §2 /mindmap/*): a tree whose nodes are topics or bound to entities and services. */
export const mindmapResource = defineResource({
  name: 'mindmap',
  basePath: '/api/yuan-api/mindmap',
  table: 'yuan_mindmap',
  perm: 'mindmap',
  altPerms: ['mindmapTest'],
  tenantScoped: true,
  title: ['思维导图', 'Mind map'],
  fields: {
    name: {
      column: 'name',
      kind: 'string',
      label: ['名称', 'Name'],
      required: ['请输入导图名称', 'Please enter the map name'],
      max: 64,
      search: 'like',
      unique: true,
    },
    remark: { column: 'remark', kind: 'string', label: ['备注', 'Remark'], max: 255, textarea: true },
    data: { column: 'data', kind: 'json', label: ['导图', 'Map'], list: false },
  },
});
