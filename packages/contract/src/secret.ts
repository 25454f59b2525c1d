import { type ZodType, z } from 'zod';

/**
 * A field declared secret never reaches a log: `value` masks the whole value; `url` keeps an address's scheme, host
 * and path (an audit still says where a datasource points) and masks its user info and its query, where credentials
 * live.
 */
export type SecretKind = 'value' | 'url';

/** What every log writes instead of a secret. */
export const SECRET_MASK = '******';

/** The schemas marked secret. A registry of its own: the mark stays out of the OpenAPI documents. */
export const secretFields = z.registry<{ kind: SecretKind }>();

/**
 * Declares a field secret: `password: secret(z.string().min(6))`. The mark survives `.optional()`, `.nullable()`,
 * defaults, pipes and further checks, and the field may sit in objects, arrays, records, unions or intersections.
 * The schema is cloned first, so a shared base schema stays unmarked where it is used for ordinary fields.
 */
export function secret<T extends ZodType>(schema: T, kind: SecretKind = 'value'): T {
  const marked = schema.clone();
  secretFields.add(marked, { kind });
  return marked;
}

/** Zod's internal definition, read only as far as the walk needs it. */
interface Def {
  type: string;
  innerType?: ZodType;
  in?: ZodType;
  out?: ZodType;
  shape?: Record<string, ZodType>;
  catchall?: ZodType;
  element?: ZodType;
  items?: ZodType[];
  rest?: ZodType | null;
  valueType?: ZodType;
  options?: ZodType[];
  left?: ZodType;
  right?: ZodType;
  getter?: () => ZodType;
}

const defOf = (schema: ZodType): Def => schema._zod.def as unknown as Def;

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'nonoptional', 'readonly', 'catch']);
// Deep enough for any contract; a recursive (lazy) schema stops here instead of looping.
const MAX_DEPTH = 24;

/** The schemas a value of `schema` is checked against next, each with the path step that leads to it. */
function children(def: Def): { step: string; schema: ZodType }[] {
  if (WRAPPERS.has(def.type) && def.innerType) {
    return [{ step: '', schema: def.innerType }];
  }
  switch (def.type) {
    case 'pipe':
      return [def.in, def.out]
        .filter((s): s is ZodType => s !== undefined)
        .map((schema) => ({ step: '', schema }));
    case 'lazy':
      return def.getter ? [{ step: '', schema: def.getter() }] : [];
    case 'union':
      return (def.options ?? []).map((schema) => ({ step: '', schema }));
    case 'intersection':
      return [def.left, def.right]
        .filter((s): s is ZodType => s !== undefined)
        .map((schema) => ({ step: '', schema }));
    case 'object':
      return [
        ...Object.entries(def.shape ?? {}).map(([step, schema]) => ({ step, schema })),
        ...(def.catchall ? [{ step: '*', schema: def.catchall }] : []),
      ];
    case 'array':
      return def.element ? [{ step: '[]', schema: def.element }] : [];
    case 'tuple':
      return [
        ...(def.items ?? []).map((schema, i) => ({ step: String(i), schema })),
        ...(def.rest ? [{ step: '[]', schema: def.rest }] : []),
      ];
    case 'record':
      return def.valueType ? [{ step: '*', schema: def.valueType }] : [];
    default:
      return [];
  }
}

/** How a field is secret, or undefined: the mark is looked up through the schema's clones. */
export function secretKind(schema: ZodType): SecretKind | undefined {
  return secretFields.get(schema)?.kind;
}

/**
 * Every path a secret field can take in values of `schema`, with its kind: object keys, `[]` for an array's
 * element, `*` for a record's values or an object's other keys, tuple positions as numbers.
 */
export function secretPaths(schema: ZodType | undefined): { path: string[]; kind: SecretKind }[] {
  const found = new Map<string, { path: string[]; kind: SecretKind }>();
  const walk = (s: ZodType, path: string[], depth: number) => {
    const kind = secretKind(s);
    if (kind) {
      found.set(path.join('.'), { path, kind });
      return;
    }
    if (depth >= MAX_DEPTH) {
      return;
    }
    for (const child of children(defOf(s))) {
      walk(child.schema, child.step ? [...path, child.step] : path, depth + 1);
    }
  };
  if (schema) {
    walk(schema, [], 0);
  }
  return [...found.values()];
}

const URL_SHAPE = /^([A-Za-z][A-Za-z0-9+.-]*:(?:[A-Za-z][A-Za-z0-9+.-]*:)?\/\/)([^/?#]*)([^?#]*)([?#].*)?$/s;

/** An address with its user info and its query masked; anything not shaped like an address is masked whole. */
export function maskUrl(value: string): string {
  const m = URL_SHAPE.exec(value);
  if (!m) {
    return SECRET_MASK;
  }
  const [, scheme = '', authority = '', path = '', rest] = m;
  const at = authority.lastIndexOf('@');
  const host = at >= 0 ? `${SECRET_MASK}@${authority.slice(at + 1)}` : authority;
  return `${scheme}${host}${path}${rest ? `${rest[0]}${SECRET_MASK}` : ''}`;
}

/** The parts of an address a log must not show: the whole text, its user info, its query. */
function urlSecrets(value: string): string[] {
  const m = URL_SHAPE.exec(value);
  if (!m) {
    return [value];
  }
  const authority = m[2] ?? '';
  const at = authority.lastIndexOf('@');
  return [value, ...(at >= 0 ? [authority.slice(0, at)] : []), ...(m[4] ? [m[4].slice(1)] : [])];
}

function maskOne(value: unknown, kind: SecretKind, found: string[]): unknown {
  // Absent and blank stay visible: "no new password" (an edit keeping the stored one) is worth an audit line.
  if (value === undefined || value === null || value === '') {
    return value;
  }
  if (kind === 'url' && typeof value === 'string') {
    found.push(...urlSecrets(value));
    return maskUrl(value);
  }
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint') {
    found.push(String(value));
  } else {
    found.push(JSON.stringify(value) ?? '');
  }
  return SECRET_MASK;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function mask(schema: ZodType, value: unknown, found: string[], depth: number): unknown {
  const kind = secretKind(schema);
  if (kind) {
    return maskOne(value, kind, found);
  }
  if (depth >= MAX_DEPTH || value === undefined || value === null) {
    return value;
  }
  const def = defOf(schema);
  switch (def.type) {
    case 'object': {
      if (!isRecord(value)) {
        return value;
      }
      const shape = def.shape ?? {};
      return Object.fromEntries(
        Object.entries(value).map(([k, v]) => {
          const field = Object.hasOwn(shape, k) ? shape[k] : def.catchall;
          return [k, field ? mask(field, v, found, depth + 1) : v];
        }),
      );
    }
    case 'record':
      return isRecord(value) && def.valueType
        ? Object.fromEntries(
            Object.entries(value).map(([k, v]) => [k, mask(def.valueType as ZodType, v, found, depth + 1)]),
          )
        : value;
    case 'array':
      return Array.isArray(value) && def.element
        ? value.map((v) => mask(def.element as ZodType, v, found, depth + 1))
        : value;
    case 'tuple':
      return Array.isArray(value)
        ? value.map((v, i) => {
            const item = def.items?.[i] ?? def.rest ?? undefined;
            return item ? mask(item, v, found, depth + 1) : v;
          })
        : value;
    default: {
      // Wrappers, pipes, unions and intersections: every branch masks what it calls secret, so a value is masked
      // when any branch it might have matched declares it.
      let out: unknown = value;
      for (const child of children(def)) {
        out = mask(child.schema, out, found, depth + 1);
      }
      return out;
    }
  }
}

/**
 * A copy of `value` (a request's parsed query or body, valid or not) with every value at a secret path of `schema`
 * replaced by the mask. `found` collects the raw secrets, so texts such as an error's message can be cleaned too.
 */
export function maskSecrets(schema: ZodType | undefined, value: unknown, found: string[] = []): unknown {
  return schema && holdsSecrets(schema) ? mask(schema, value, found, 0) : value;
}

/** Whether a schema declares a secret anywhere; known once per schema (a route's schema is asked on every call). */
const holding = new WeakMap<ZodType, boolean>();
function holdsSecrets(schema: ZodType): boolean {
  let holds = holding.get(schema);
  if (holds === undefined) {
    holds = secretPaths(schema).length > 0;
    holding.set(schema, holds);
  }
  return holds;
}
