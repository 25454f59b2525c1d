import { z } from 'zod';
import { idString, pageQuery } from './envelope.ts';
import { fieldSchema, labelOf, RANGE_KINDS, searchSchema } from './field-schema.ts';
import { encodeMessage, type Pair, registerMessage } from './form-messages.ts';
import { type SecretKind, secret } from './secret.ts';

export { DATETIME } from './field-schema.ts';

/**
 * One declaration per plain resource: the server's generic CRUD and the web's CrudPage both read it.
 * Field names are the JSON (camelCase) names; `column` is the table column (checked against this allow-list only).
 */
/**
 * string/text: free text; int: 32-bit integer; decimal: exact number (sent as a number or a numeric string, kept as a
 * string); bool: true/false (also 0/1); date: 'YYYY-MM-DD'; datetime: 'YYYY-MM-DD', 'YYYY-MM-DD HH:mm:ss' or ISO
 * 8601; json: any JSON value; id: one 64-bit id; ids: comma-joined 64-bit ids.
 */
export type FieldKind =
  | 'string'
  | 'text'
  | 'int'
  | 'decimal'
  | 'bool'
  | 'date'
  | 'datetime'
  | 'json'
  | 'id'
  | 'ids';

/**
 * One field, as plain JSON (no functions, no RegExp objects): the system resources declare it in code, a tenant's
 * entity is turned into the same shape from its stored definition, and the same validator, SQL and screens read it.
 */
export interface FieldSpec {
  column: string;
  kind: FieldKind;
  /** A zh/en pair (system resources) or one text shown as written (a tenant's own field name). */
  label: Pair | string;
  /** Required, with the exact message to show (SPEC §5) or the generated '{label}必须填写'. */
  required?: Pair | true;
  /** Maximum length (strings, default 255 / text 20000) or value (int, decimal). */
  max?: number;
  /** Minimum value (int, decimal). */
  min?: number;
  /** Minimum length of a filled string. */
  minLength?: number;
  /** Offered as a list filter: substring match or equality. */
  search?: 'like' | 'eq';
  /** Unique among the tenant's live rows. */
  unique?: boolean;
  /** Shown as a multi-line input. */
  textarea?: boolean;
  /** Accepted on submit but never returned (e.g. a client secret; the server stores a hash). Also secret. */
  writeOnly?: boolean;
  /** Never written to a log (see `secret()`); `url` masks only an address's user info and query. */
  secret?: true | SecretKind;
  /** Shown as a table column (default true). */
  list?: boolean;
  /** A regular expression (its source) a string value must match; the message is '{label}格式不匹配'. */
  pattern?: string;
  /** Options come from this dictionary code (a value must be one of its keys). */
  dict?: string;
  /** The value is the id of a row of this entity (a tenant's entity id). */
  ref?: string;
  /** Checked on submit, never stored or returned: a confirmation such as the user form's `password2`. */
  formOnly?: boolean;
  /** When given, must equal that field's value (a confirmation); the message is '两次密码输入不一致'. */
  sameAs?: string;
}

export interface ResourceSpec<F extends Record<string, FieldSpec>> {
  /** Resource name, e.g. 'param'. */
  name: string;
  /** Route prefix, e.g. '/api/yuan-system/param'. */
  basePath: string;
  table: string;
  /** Menu code: list/detail need the menu, submit needs `${perm}_add`/`_edit`, remove needs `${perm}_delete`. */
  perm: string;
  /** Other menu codes whose screens manage the same resource (their buttons count as this resource's). */
  altPerms?: string[];
  tenantScoped: boolean;
  /** Platform data (no tenant column): only the platform tenant's users may change it. */
  platformOnly?: boolean;
  /** Platform data kept in a table with a tenant_id column (tenants themselves): read across tenants. */
  allTenants?: boolean;
  /** HTTP method of list and detail where the specification says POST (top menus). */
  readMethod?: 'GET' | 'POST';
  /** Path of the page call where the specification names it otherwise (users: '/page'); default '/list'. */
  listPath?: string;
  /**
   * Rows form a tree through the `parentId` field ('0' = root): adds `tree`, `lazy-list` and `lazy-tree`, refuses to
   * remove a node with children or to move a node under itself, and keeps the `ancestors` column when there is one.
   */
  tree?: { label: string; ancestors?: boolean };
  /** Only list and detail (logs). */
  readOnly?: boolean;
  /** The table has no audit or soft-delete columns (logs): only id, tenant and create time. */
  noAudit?: boolean;
  /** List order (ascending) instead of newest first, e.g. ['sort']. */
  orderBy?: string[];
  /** Fields that reads join from other tables (e.g. `deptName`): accepted on submit and ignored, like audit fields. */
  display?: string[];
  /**
   * A submit may name the row's tenant (`tenantId`): the platform tenant writes into the tenant it names, anyone
   * else may only name their own. Elsewhere a `tenantId` in the body is ignored: the caller's tenant is used.
   */
  submitTenant?: boolean;
  title: Pair | string;
  fields: F;
}

/** Keys reads return that the server manages: a client may post them back; they are never written from a body. */
export const MANAGED_KEYS = [
  'tenantId',
  'status',
  'createUser',
  'createDept',
  'createTime',
  'updateUser',
  'updateTime',
  'isDeleted',
] as const;
/** What tree reads add to a row. */
const TREE_KEYS = ['ancestors', 'hasChildren', 'children', 'parentName'] as const;
const TENANT_ID = /^[0-9A-Za-z]{1,12}$/;

export const AUDIT_FIELDS = {
  id: 'id',
  tenantId: 'tenant_id',
  status: 'status',
  createUser: 'create_user',
  createDept: 'create_dept',
  createTime: 'create_time',
  updateUser: 'update_user',
  updateTime: 'update_time',
} as const;

export function defineResource<F extends Record<string, FieldSpec>>(spec: ResourceSpec<F>) {
  const formShape: Record<string, z.ZodType> = { id: idString.optional() };
  const searchShape: Record<string, z.ZodType> = {};
  /** Each field's label as a message key (or its own text): what error messages name. */
  const labels: Record<string, string> = {};
  for (const [name, f] of Object.entries(spec.fields)) {
    const kind: SecretKind | undefined =
      f.secret === 'url' ? 'url' : f.secret || f.writeOnly ? 'value' : undefined;
    formShape[name] = kind ? secret(fieldSchema(spec.name, name, f), kind) : fieldSchema(spec.name, name, f);
    labels[name] = labelOf(spec.name, name, f);
    if (f.search) {
      searchShape[name] = searchSchema(spec.name, name, f);
      if (RANGE_KINDS.has(f.kind)) {
        searchShape[`${name}_gt`] = searchSchema(spec.name, name, { ...f, search: 'eq' });
        searchShape[`${name}_lt`] = searchSchema(spec.name, name, { ...f, search: 'eq' });
      }
    }
  }
  const sortable = new Set(Object.keys(spec.fields).filter((name) => !spec.fields[name]?.writeOnly));
  searchShape.sort = z
    .string()
    .max(512)
    .refine(
      (v) => v === '' || v.split(',').every((key) => sortable.has(key.replace(/^-/, ''))),
      encodeMessage('form.unknown', { field: 'sort' }),
    )
    .optional();
  // Server-managed keys are accepted so a row read from the API can be posted back; the service ignores them.
  const managed = [...MANAGED_KEYS, ...(spec.tree ? TREE_KEYS : []), ...(spec.display ?? [])].filter(
    (key) => !(key in spec.fields),
  );
  for (const key of managed) {
    formShape[key] = z.unknown().optional().describe('returned by reads; ignored on submit');
  }
  if (spec.submitTenant) {
    const tenantLabel = registerMessage(`${spec.name}.tenantId`, ['租户编号', 'Tenant ID']);
    formShape.tenantId = z
      .union([z.string().regex(TENANT_ID, encodeMessage('form.type', { label: tenantLabel })), z.literal('')])
      .optional()
      .nullable()
      .describe('the tenant the row belongs to: the platform tenant may name another one');
  }
  const unknownKey = (field: string) => encodeMessage('form.unknown', { field });
  const confirmations = Object.entries(spec.fields).filter(([, f]) => f.sameAs !== undefined);
  const form = z
    .strictObject(formShape, {
      error: (iss) => (iss.code === 'unrecognized_keys' ? unknownKey(iss.keys.join(',')) : undefined),
    })
    .superRefine((body, ctx) => {
      for (const [name, f] of confirmations) {
        const value = body[name];
        const other = body[f.sameAs as string];
        if (value !== undefined && value !== null && value !== (other ?? '')) {
          ctx.addIssue({ code: 'custom', path: [name], message: encodeMessage('form.confirm') });
        }
      }
    });
  const search = pageQuery.extend(searchShape).strict();
  const columns: Record<string, string> = spec.noAudit
    ? { id: 'id', tenantId: 'tenant_id', createTime: 'create_time' }
    : { ...AUDIT_FIELDS };
  if (!spec.tenantScoped) {
    delete columns.tenantId;
  }
  /** Columns a read returns: everything but write-only fields. */
  const readable: Record<string, string> = { ...columns };
  for (const [name, f] of Object.entries(spec.fields)) {
    if (f.formOnly) {
      continue;
    }
    columns[name] = f.column;
    if (!f.writeOnly) {
      readable[name] = f.column;
    }
  }
  if (spec.tree?.ancestors) {
    columns.ancestors = 'ancestors';
    readable.ancestors = 'ancestors';
  }
  /** Fields a submit may write (the declared ones); everything else in a valid body is managed by the server. */
  const editable = Object.keys(spec.fields);
  return { ...spec, form, search, columns, readable, editable, managed, labels };
}

export type Resource = ReturnType<typeof defineResource>;

/** The menu codes of every screen managing a resource, or a button of theirs (`_edit`): any one of them will do. */
export function screenCodes(res: { perm: string; altPerms?: readonly string[] }, suffix = ''): string[] {
  return [res.perm, ...(res.altPerms ?? [])].map((code) => `${code}${suffix}`);
}
