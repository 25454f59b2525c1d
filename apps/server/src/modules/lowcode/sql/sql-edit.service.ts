import {
  type Element,
  entityTable,
  STANDARD_COLUMNS,
  type SqlResult,
  type SqlSpliceInput,
  type SqlTestInput,
} from '@yuan/contract';
import type { Kdb } from '../../../db/index.ts';
import { AppError } from '../../../lib/errors.ts';
import { guardSelect } from '../../../lib/sql-guard/select-guard.ts';
import { runGuarded, type SqlLimits } from '../../../lib/sql-guard/sql-runner.ts';
import type { EntityRepo } from '../entity/entity.repo.ts';

interface SyncedEntity {
  id: string;
  code: string;
  /** The columns its table has now (the synced elements, plus the standard ones). */
  columns: Set<string>;
  elements: Element[];
}

const quote = (name: string) => `"${name}"`;
const OPS: Record<string, string> = { '=': '=', '!=': '<>', '>': '>', '>=': '>=', '<': '<', '<=': '<=' };

/** sqlEdit: the SQL editor's query runner and visual builder, over the caller's entities that have tables. */
export class SqlEditService {
  constructor(
    private readonly db: Kdb,
    private readonly entities: EntityRepo,
    private readonly limits: SqlLimits,
  ) {}

  /** The tenant's entities whose tables exist, by code (row-level security keeps this to the caller's tenant). */
  private async synced(): Promise<Map<string, SyncedEntity>> {
    const out = new Map<string, SyncedEntity>();
    for (const row of await this.entities.all()) {
      if (row.synced) {
        const columns = new Set([...STANDARD_COLUMNS.slice(0, 9), ...row.synced.map((e) => e.eleNo)]);
        out.set(row.entNo, { id: row.id, code: row.entNo, columns, elements: row.synced });
      }
    }
    return out;
  }

  async test(input: SqlTestInput): Promise<SqlResult> {
    return this.run(input.sql, input.params ?? []);
  }

  /** How many parameters a query uses, once it passes the guard (a report's save checks its declaration). */
  async paramsOf(text: string): Promise<number> {
    return (await guardSelect(text, await this.tableOf())).params;
  }

  private async tableOf(): Promise<(code: string) => string | undefined> {
    const entities = await this.synced();
    return (code) => {
      const entity = entities.get(code);
      return entity ? entityTable(entity.id) : undefined;
    };
  }

  /** Runs one SELECT of the caller's entities (by code) under the limits; the reports run theirs here too. */
  async run(text: string, params: readonly (string | number | boolean | null)[]): Promise<SqlResult> {
    return runGuarded(this.db, await guardSelect(text, await this.tableOf()), params, this.limits);
  }

  /** Builds the SELECT the visual builder describes; the values of its conditions come back as parameters. */
  async splice(input: SqlSpliceInput): Promise<{ sql: string; params: (string | number)[] }> {
    const entities = await this.synced();
    const chosen = input.entities.map((code) => {
      const entity = entities.get(code);
      if (!entity) {
        throw new AppError(400, 'sql.table', { name: code });
      }
      return entity;
    });
    const col = (name: string) => {
      const [code, field] = name.split('.') as [string, string];
      const entity = chosen.find((e) => e.code === code);
      if (!entity?.columns.has(field)) {
        throw new AppError(400, 'sql.column', { name });
      }
      return `${quote(code)}.${quote(field)}`;
    };
    const select = input.fields.map((f) =>
      f.aggregate
        ? `${f.aggregate}(${col(f.column)}) AS ${quote(`${f.aggregate}_${f.column.replace('.', '_')}`)}`
        : col(f.column),
    );
    const lines = [`SELECT ${select.join(', ')}`, `FROM ${quote(chosen[0]!.code)}`];
    for (const [index, entity] of chosen.entries()) {
      if (index > 0) {
        const on = joinOn(entity, chosen.slice(0, index));
        lines.push(`${input.leftJoin ? 'LEFT JOIN' : 'JOIN'} ${quote(entity.code)} ON ${on}`);
      }
    }
    const params: (string | number)[] = [];
    const where = (input.conditions ?? []).map((c) => {
      const left = col(c.column);
      if (c.op === 'isNull' || c.op === 'notNull') {
        return `${left} IS ${c.op === 'isNull' ? '' : 'NOT '}NULL`;
      }
      if (c.value === undefined) {
        throw new AppError(400, 'sql.value', { name: c.column });
      }
      params.push(c.op === 'like' ? `%${String(c.value)}%` : c.value);
      return c.op === 'like'
        ? `${left}::text ILIKE $${params.length}`
        : `${left} ${OPS[c.op]} $${params.length}`;
    });
    if (where.length > 0) {
      lines.push(`WHERE ${where.join(' AND ')}`);
    }
    const plain = input.fields.filter((f) => !f.aggregate);
    if (plain.length > 0 && plain.length < input.fields.length) {
      lines.push(`GROUP BY ${plain.map((f) => col(f.column)).join(', ')}`);
    }
    if (input.orders && input.orders.length > 0) {
      lines.push(
        `ORDER BY ${input.orders.map((o) => `${col(o.column)}${o.desc ? ' DESC' : ''}`).join(', ')}`,
      );
    }
    return { sql: lines.join('\n'), params };
  }
}

/** The join condition along a reference between `entity` and one of the entities before it, either way round. */
function joinOn(entity: SyncedEntity, before: SyncedEntity[]): string {
  for (const other of before) {
    const out = entity.elements.find((e) => e.refEntId === other.id);
    if (out) {
      return `${quote(entity.code)}.${quote(out.eleNo)} = ${quote(other.code)}."id"`;
    }
    const back = other.elements.find((e) => e.refEntId === entity.id);
    if (back) {
      return `${quote(other.code)}.${quote(back.eleNo)} = ${quote(entity.code)}."id"`;
    }
  }
  throw new AppError(400, 'sql.noJoin', { name: entity.code });
}
