import { parse } from 'libpg-query';
import { AppError } from '../errors.ts';
import { FUNCTIONS, TYPES } from './allowed.ts';

/** A statement a tenant may run: one SELECT over its own entities, with the entity codes turned into table names. */
export interface GuardedSelect {
  /** The statement with every entity code replaced by its table (aliased by the code, so columns still resolve). */
  sql: string;
  /** The highest `$n` the statement uses. */
  params: number;
  /** The entity codes it reads. */
  tables: string[];
}

type Node = Record<string, unknown>;
const refused = (key: 'sql.oneStatement' | 'sql.selectOnly' | 'sql.recursive', params = {}) =>
  new AppError(400, key, params);
const notAllowed = (kind: 'table' | 'function' | 'type', name: string) =>
  new AppError(400, `sql.${kind}`, { name });

/**
 * Parses `text` with PostgreSQL's own parser (libpg-query) and accepts only one plain SELECT whose tables are the
 * tenant's entities (by code, from `tableOf`) or CTEs in scope where they are named (resolved as PostgreSQL resolves
 * them, see `walkSelect`), whose functions and casts are on the allow-list, with no SELECT INTO, row locks, recursion
 * or writing WITH. Anything else is refused with the reason; nothing is matched by regex.
 */
export async function guardSelect(
  text: string,
  tableOf: (code: string) => string | undefined,
): Promise<GuardedSelect> {
  let tree: { stmts?: { stmt?: unknown; stmt_location?: number; stmt_len?: number }[] };
  try {
    tree = await parse(text);
  } catch (error) {
    throw new AppError(400, 'sql.syntax', { detail: (error as Error).message });
  }
  const stmts = tree.stmts ?? [];
  if (stmts.length !== 1) {
    throw refused('sql.oneStatement');
  }
  const [{ stmt: parsed, stmt_location: start = 0, stmt_len: length = 0 }] = stmts as [
    (typeof stmts)[number],
  ];
  const stmt = (parsed ?? {}) as Node;
  if (!('SelectStmt' in stmt)) {
    throw refused('sql.selectOnly');
  }
  const edits: { at: number; length: number; text: string }[] = [];
  const tables = new Set<string>();
  const bytes = Buffer.from(text, 'utf8');
  let params = 0;
  walkSelect(stmt.SelectStmt as Node, undefined, {
    relation(node, isCte) {
      const name = String(node.relname);
      if (node.schemaname || node.catalogname) {
        throw notAllowed('table', `${String(node.schemaname)}.${name}`);
      }
      if (isCte) {
        return;
      }
      const table = tableOf(name);
      if (!table) {
        throw notAllowed('table', name);
      }
      tables.add(name);
      const at = Number(node.location);
      const quoted = bytes[at] === 0x22;
      const tokenLength = quoted ? bytes.indexOf(0x22, at + 1) - at + 1 : Buffer.byteLength(name);
      edits.push({ at, length: tokenLength, text: node.alias ? table : `${table} AS "${name}"` });
    },
    node(key, node) {
      switch (key) {
        case 'SelectStmt':
          if (node.intoClause || node.lockingClause) {
            throw refused('sql.selectOnly');
          }
          if ((node.withClause as Node | undefined)?.recursive) {
            throw refused('sql.recursive');
          }
          break;
        case 'RangeFunction':
        case 'RangeTableFunc':
        case 'JsonTable':
          throw notAllowed('function', 'FROM');
        case 'FuncCall': {
          const name = qualifiedName(node.funcname);
          if (!FUNCTIONS.has(name)) {
            throw notAllowed('function', name);
          }
          break;
        }
        case 'TypeName':
        case 'typeName': {
          const name = qualifiedName(node.names);
          if (!TYPES.has(name)) {
            throw notAllowed('type', name);
          }
          break;
        }
        case 'ParamRef':
          params = Math.max(params, Number(node.number));
          break;
        default:
          break;
      }
    },
  });
  // Edits from the end, so earlier offsets stay true; offsets are the parser's, in UTF-8 bytes.
  let out = bytes;
  for (const edit of edits.sort((a, b) => b.at - a.at)) {
    out = Buffer.concat([
      out.subarray(0, edit.at),
      Buffer.from(edit.text),
      out.subarray(edit.at + edit.length),
    ]);
  }
  const shift = edits.reduce((n, e) => n + Buffer.byteLength(e.text) - e.length, 0);
  const end = length === 0 ? out.length : start + length + shift;
  return { sql: out.subarray(start, end).toString('utf8').trim(), params, tables: [...tables] };
}

/** A function or type name, without the pg_catalog schema every built-in lives in; another schema is kept (and refused). */
function qualifiedName(names: unknown): string {
  const parts = (names as Node[]).map((part) => String((part.String as Node | undefined)?.sval ?? ''));
  return (parts[0] === 'pg_catalog' ? parts.slice(1) : parts).join('.');
}

/** What the walk reports: each relation named in FROM (and whether a CTE in scope answers for it), every other node. */
interface Visitor {
  relation(node: Node, isCte: boolean): void;
  node(key: string, node: Node): void;
}

/** The CTE names visible at a point of the tree, innermost first. */
interface CteScope {
  name: string;
  outer: CteScope | undefined;
}

function inScope(scope: CteScope | undefined, name: string): boolean {
  for (let s = scope; s; s = s.outer) {
    if (s.name === name) {
      return true;
    }
  }
  return false;
}

/**
 * Walks one SELECT the way PostgreSQL resolves CTE names: a WITH list's names are visible in the statement that
 * carries it (target list, FROM, WHERE, both sides of a set operation when it is the set operation's) and in every
 * query nested below it; each CTE's body sees only the CTEs before it in the list and those of the outer levels,
 * never itself (non-recursive) nor a later sibling. A sub-query's WITH is its own: not visible outside it.
 */
function walkSelect(select: Node, scope: CteScope | undefined, visit: Visitor): void {
  visit.node('SelectStmt', select);
  let inner = scope;
  for (const item of ((select.withClause as Node | undefined)?.ctes as Node[] | undefined) ?? []) {
    const cte = item.CommonTableExpr as Node;
    const body = (cte.ctequery as Node | undefined)?.SelectStmt as Node | undefined;
    if (!body) {
      // INSERT, UPDATE, DELETE or MERGE in a WITH.
      throw refused('sql.selectOnly');
    }
    walkSelect(body, inner, visit);
    inner = { name: String(cte.ctename), outer: inner };
  }
  for (const [key, child] of Object.entries(select)) {
    if (key === 'withClause') {
      continue;
    }
    if ((key === 'larg' || key === 'rarg') && child !== null && typeof child === 'object') {
      // A set operation's branches are plain SELECTs (not wrapped in a node), in the scope of its WITH.
      walkSelect(child as Node, inner, visit);
      continue;
    }
    walk(child, inner, visit);
  }
}

/** Visits every node below `value`, depth first, with its node type; a nested SELECT opens its own scope. */
function walk(value: unknown, scope: CteScope | undefined, visit: Visitor): void {
  if (Array.isArray(value)) {
    for (const item of value) {
      walk(item, scope, visit);
    }
    return;
  }
  if (value === null || typeof value !== 'object') {
    return;
  }
  for (const [key, child] of Object.entries(value as Node)) {
    if (child === null || typeof child !== 'object' || Array.isArray(child)) {
      walk(child, scope, visit);
      continue;
    }
    const node = child as Node;
    if (key === 'SelectStmt') {
      walkSelect(node, scope, visit);
    } else if (key === 'RangeVar') {
      // A qualified name is never a CTE.
      const cte = !node.schemaname && !node.catalogname && inScope(scope, String(node.relname));
      visit.relation(node, cte);
    } else {
      if (/^[A-Z]/.test(key) || key === 'typeName') {
        visit.node(key, node);
      }
      walk(node, scope, visit);
    }
  }
}
