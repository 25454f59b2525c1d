import {
  type Element,
  entityTable,
  IDENTIFIER,
  type MessageKey,
  STANDARD_COLUMNS,
  STRING_MAX,
} from '@yuan/contract';
import { READER_ROLE } from '../../../db/scope.ts';

/** A column as the database has it (information_schema). */
export interface LiveColumn {
  name: string;
  /** The SQL type as the DDL writer spells it, e.g. 'varchar(255)', 'integer'. */
  type: string;
}

/**
 * One statement of a plan. `loss` (a query counting rows) marks a step that may lose data: the caller must confirm
 * the count it was shown. `prepare` runs before `sql` once confirmed (e.g. clearing duplicate values).
 */
export interface DdlStep {
  sql: string;
  /** What the step does, as a message key with parameters (rendered in the caller's language). */
  what: { key: MessageKey; params: Record<string, string | number> };
  loss?: string;
  prepare?: string;
}

const q = (name: string) => {
  // Every identifier reaching SQL here was checked as a code (or built from ids): refuse anything else loudly.
  if (!IDENTIFIER.test(name) && !/^yuan_ent_\d{1,19}(_[a-z]\d{1,19})?$/.test(name)) {
    throw new Error(`not an identifier: ${name}`);
  }
  return `"${name}"`;
};

/** The column type of an element. */
export function columnType(e: Element): string {
  if (e.refEntId) {
    return 'bigint';
  }
  switch (e.dataTyp) {
    case 'string':
      return `varchar(${Math.min(10_485_760, Math.max(1, Math.floor(e.verifyJson?.stringRange?.[1] ?? STRING_MAX)))})`;
    case 'text':
      return 'text';
    case 'int':
      return 'integer';
    case 'decimal':
      return 'numeric(30,10)';
    case 'bool':
      return 'boolean';
    case 'date':
      return 'date';
    case 'datetime':
      return 'timestamptz';
    default:
      return 'jsonb';
  }
}

const varcharLength = (type: string) => Number(/^varchar\((\d+)\)$/.exec(type)?.[1] ?? Number.NaN);

/** Whether every value of `from` fits `to` unchanged. */
export function widens(from: string, to: string): boolean {
  if (from === to || to === 'text') {
    return true;
  }
  if (from.startsWith('varchar') && to.startsWith('varchar')) {
    return varcharLength(to) >= varcharLength(from);
  }
  if (to.startsWith('varchar')) {
    const fits: Record<string, number> = { integer: 11, bigint: 20, boolean: 5, date: 10 };
    return fits[from] !== undefined && varcharLength(to) >= fits[from];
  }
  return (
    (from === 'integer' && (to === 'bigint' || to === 'numeric(30,10)')) ||
    (from === 'bigint' && to === 'numeric(30,10)') ||
    (from === 'date' && to === 'timestamptz')
  );
}

/** The conversion of a column's values to a narrower type: what does not convert becomes NULL (counted first). */
function conversion(col: string, to: string): { using: string; lost: string } {
  const text = `${col}::text`;
  if (to.startsWith('varchar')) {
    const n = varcharLength(to);
    return { using: `left(${text}, ${n})`, lost: `length(${text}) > ${n}` };
  }
  // Integers must be whole: a cast would round 3.5 silently.
  const whole = to === 'integer' || to === 'bigint' ? ` AND trim(${text}) ~ '^-?[0-9]+$'` : '';
  const ok = `(yuan_castable(${text}, '${to}')${whole})`;
  return {
    using: `CASE WHEN ${ok} THEN trim(${text})::${to} ELSE NULL END`,
    lost: `${col} IS NOT NULL AND ${text} <> '' AND NOT ${ok}`,
  };
}

const uniqueIndex = (entId: string, e: Element) => `yuan_ent_${entId}_u${e.id}`;
const refIndex = (entId: string, e: Element) => `yuan_ent_${entId}_r${e.id}`;

/** The table's index names, and whether the database has trigram matching (pg_trgm) for search indexes. */
export interface LiveIndexes {
  live: ReadonlySet<string>;
  trigram: boolean;
}

/**
 * The indexes a field's list queries use, beside its unique and reference indexes: a trigram index for the
 * contains-search of free text (`ILIKE '%…%'`, which no B-tree serves), and a (tenant, value) B-tree for the order
 * of numbers and dates (a unique field's index already serves that). Keyed by index name, whose letter (s, o) and
 * element id tell the planner which of the live indexes are its own.
 */
export function fieldIndexes(entId: string, e: Element, trigram = true): Map<string, DdlStep> {
  const t = q(entityTable(entId));
  const col = q(e.eleNo);
  const out = new Map<string, DdlStep>();
  if (e.refEntId) {
    return out;
  }
  if (trigram && (e.dataTyp === 'string' || e.dataTyp === 'text') && !e.dictCode) {
    const name = `yuan_ent_${entId}_s${e.id}`;
    out.set(name, {
      sql: `CREATE INDEX ${q(name)} ON ${t} USING gin (${col} gin_trgm_ops) WHERE is_deleted = 0`,
      what: { key: 'ddl.searchIndex', params: { column: e.eleNo } },
    });
  }
  if (['int', 'decimal', 'date', 'datetime'].includes(e.dataTyp) && !e.unique) {
    const name = `yuan_ent_${entId}_o${e.id}`;
    out.set(name, {
      sql: `CREATE INDEX ${q(name)} ON ${t} (tenant_id, ${col}) WHERE is_deleted = 0`,
      what: { key: 'ddl.sortIndex', params: { column: e.eleNo } },
    });
  }
  return out;
}

/**
 * What brings the field indexes from the live ones to the definition's: drops of the planner's own indexes no field
 * needs any more (run before any type change, which an index of the old kind would refuse), and the creations of
 * missing ones (run after the columns have their new names and types).
 */
function fieldIndexSteps(
  entId: string,
  elements: Element[],
  indexes: LiveIndexes,
): { drops: DdlStep[]; creates: DdlStep[] } {
  const liveIndexes = indexes.live;
  const wanted = new Map<string, DdlStep>();
  for (const e of elements) {
    for (const [name, step] of fieldIndexes(entId, e, indexes.trigram)) {
      wanted.set(name, step);
    }
  }
  const byId = new Map(elements.map((e) => [e.id, e]));
  const own = new RegExp(`^yuan_ent_${entId}_[so](\\d{1,19})$`);
  const drops: DdlStep[] = [];
  for (const name of [...liveIndexes].sort()) {
    const element = byId.get(own.exec(name)?.[1] ?? '');
    // A dropped field's indexes go with its column.
    if (element && !wanted.has(name)) {
      drops.push({
        sql: `DROP INDEX IF EXISTS ${q(name)}`,
        what: { key: 'ddl.dropIndex', params: { column: element.eleNo } },
      });
    }
  }
  const creates = [...wanted].filter(([name]) => !liveIndexes.has(name)).map(([, step]) => step);
  return { drops, creates };
}

function createTable(entId: string, elements: Element[], trigram: boolean): DdlStep[] {
  const t = q(entityTable(entId));
  const columns = elements.map((e) => `  ${q(e.eleNo)} ${columnType(e)},\n`).join('');
  const steps: DdlStep[] = [
    {
      sql: `CREATE TABLE ${t} (\n  tenant_id varchar(12) NOT NULL,\n  id bigint NOT NULL,\n${columns}  create_user bigint, create_dept bigint, create_time timestamptz NOT NULL DEFAULT now(),\n  update_user bigint, update_time timestamptz NOT NULL DEFAULT now(),\n  status integer NOT NULL DEFAULT 1,\n  is_deleted integer NOT NULL DEFAULT 0,\n  PRIMARY KEY (tenant_id, id)\n)`,
      what: { key: 'ddl.createTable', params: { table: entityTable(entId), columns: elements.length } },
    },
    {
      sql: `CREATE INDEX ${q(`${entityTable(entId)}_l${entId}`)} ON ${t} (tenant_id, id DESC) WHERE is_deleted = 0`,
      what: { key: 'ddl.listIndex', params: {} },
    },
    {
      sql: `SELECT yuan_enable_tenant_rls('${entityTable(entId)}')`,
      what: { key: 'ddl.rls', params: {} },
    },
    {
      // The SQL editor's and the reports' role reads entity tables only: each one as it is created (dropping the
      // table drops the grant).
      sql: `GRANT SELECT ON ${t} TO ${READER_ROLE}`,
      what: { key: 'ddl.reader', params: {} },
    },
  ];
  for (const e of elements) {
    steps.push(...indexSteps(entId, t, e));
  }
  steps.push(...fieldIndexSteps(entId, elements, { live: new Set(), trigram }).creates);
  return steps;
}

function indexSteps(entId: string, t: string, e: Element, duplicates = false): DdlStep[] {
  const steps: DdlStep[] = [];
  const col = q(e.eleNo);
  if (e.unique) {
    const step: DdlStep = {
      sql: `CREATE UNIQUE INDEX ${q(uniqueIndex(entId, e))} ON ${t} (tenant_id, ${col}) WHERE is_deleted = 0`,
      what: { key: 'ddl.unique', params: { column: e.eleNo } },
    };
    if (duplicates) {
      // Rows whose value an older live row already holds: confirmed, their value is cleared so the index can exist.
      const later = `is_deleted = 0 AND ${col} IS NOT NULL AND EXISTS (SELECT 1 FROM ${t} o WHERE o.tenant_id = ${t}.tenant_id AND o.is_deleted = 0 AND o.${col} = ${t}.${col} AND o.id < ${t}.id)`;
      step.loss = `SELECT count(*) AS n FROM ${t} WHERE ${later}`;
      step.prepare = `UPDATE ${t} SET ${col} = NULL WHERE ${later}`;
    }
    steps.push(step);
  }
  if (e.refEntId) {
    steps.push({
      sql: `CREATE INDEX ${q(refIndex(entId, e))} ON ${t} (tenant_id, ${col})`,
      what: { key: 'ddl.refIndex', params: { column: e.eleNo } },
    });
  }
  return steps;
}

/**
 * The statements that bring an entity's table from what it is to its definition. `synced` is the definition the
 * table was last brought to (elements keep their ids, so a changed code is a rename); `live` is null when the table
 * does not exist, `indexes` says which indexes it has. Nothing is dropped and re-added: a rename is a rename, a type
 * change converts in place.
 */
export function planSync(
  entId: string,
  elements: Element[],
  synced: Element[] | null,
  live: LiveColumn[] | null,
  indexes: LiveIndexes = { live: new Set(), trigram: true },
): DdlStep[] {
  if (live === null) {
    return createTable(entId, elements, indexes.trigram);
  }
  const t = q(entityTable(entId));
  const liveByName = new Map(live.map((c) => [c.name, c]));
  const before = new Map((synced ?? []).map((e) => [e.id, e]));
  const wanted = new Set(elements.map((e) => e.id));
  const steps: DdlStep[] = [];
  // Drops first, so a new field may take a dropped field's code.
  for (const old of before.values()) {
    if (!wanted.has(old.id) && liveByName.has(old.eleNo)) {
      steps.push({
        sql: `ALTER TABLE ${t} DROP COLUMN ${q(old.eleNo)}`,
        what: { key: 'ddl.drop', params: { column: old.eleNo } },
        loss: `SELECT count(*) AS n FROM ${t} WHERE ${q(old.eleNo)} IS NOT NULL AND ${q(old.eleNo)}::text <> ''`,
      });
      liveByName.delete(old.eleNo);
    }
  }
  const fieldIndexPlan = fieldIndexSteps(entId, elements, indexes);
  steps.push(...fieldIndexPlan.drops);
  for (const e of elements) {
    const old = before.get(e.id);
    let current =
      old && liveByName.has(old.eleNo) ? old.eleNo : liveByName.has(e.eleNo) ? e.eleNo : undefined;
    if (current === undefined) {
      steps.push({
        sql: `ALTER TABLE ${t} ADD COLUMN ${q(e.eleNo)} ${columnType(e)}`,
        what: { key: 'ddl.add', params: { column: e.eleNo, type: columnType(e) } },
      });
      steps.push(...indexSteps(entId, t, e));
      continue;
    }
    if (current !== e.eleNo) {
      steps.push({
        sql: `ALTER TABLE ${t} RENAME COLUMN ${q(current)} TO ${q(e.eleNo)}`,
        what: { key: 'ddl.rename', params: { from: current, to: e.eleNo } },
      });
      current = e.eleNo;
    }
    const liveType = liveByName.get(old && liveByName.has(old.eleNo) ? old.eleNo : e.eleNo)?.type ?? '';
    const type = columnType(e);
    if (liveType !== type) {
      const col = q(e.eleNo);
      if (widens(liveType, type)) {
        steps.push({
          sql: `ALTER TABLE ${t} ALTER COLUMN ${col} TYPE ${type} USING ${col}::${type}`,
          what: { key: 'ddl.widen', params: { column: e.eleNo, from: liveType, to: type } },
        });
      } else {
        const c = conversion(col, type);
        steps.push({
          sql: `ALTER TABLE ${t} ALTER COLUMN ${col} TYPE ${type} USING ${c.using}`,
          what: { key: 'ddl.narrow', params: { column: e.eleNo, from: liveType, to: type } },
          loss: `SELECT count(*) AS n FROM ${t} WHERE ${c.lost}`,
        });
      }
    }
    if (e.unique && !old?.unique) {
      steps.push(...indexSteps(entId, t, { ...e, refEntId: '' }, true));
    } else if (!e.unique && old?.unique) {
      steps.push({
        sql: `DROP INDEX IF EXISTS ${q(uniqueIndex(entId, e))}`,
        what: { key: 'ddl.dropUnique', params: { column: e.eleNo } },
      });
    }
    if (e.refEntId && !old?.refEntId) {
      steps.push(...indexSteps(entId, t, { ...e, unique: false }));
    } else if (!e.refEntId && old?.refEntId) {
      steps.push({
        sql: `DROP INDEX IF EXISTS ${q(refIndex(entId, e))}`,
        what: { key: 'ddl.dropRef', params: { column: e.eleNo } },
      });
    }
  }
  steps.push(...fieldIndexPlan.creates);
  return steps;
}

/**
 * Where the table and its synced definition disagree (someone altered the table by hand): columns the definition
 * lacks, columns it has that the table lacks, and types that differ. Empty when they agree.
 */
export function driftOf(synced: Element[], live: LiveColumn[]): string[] {
  const standard = new Set(STANDARD_COLUMNS);
  const liveByName = new Map(live.filter((c) => !standard.has(c.name)).map((c) => [c.name, c.type]));
  const out: string[] = [];
  for (const e of synced) {
    const type = liveByName.get(e.eleNo);
    if (type === undefined) {
      out.push(`-${e.eleNo}`);
    } else if (type !== columnType(e)) {
      out.push(`~${e.eleNo}:${type}`);
    }
    liveByName.delete(e.eleNo);
  }
  for (const name of liveByName.keys()) {
    out.push(`+${name}`);
  }
  return out;
}

/** A live column's type as an element's data type (and length), or undefined when no data type can hold it. */
export function dataTypeOf(type: string): { dataTyp: Element['dataTyp']; length?: number } | undefined {
  const length = varcharLength(type);
  if (!Number.isNaN(length)) {
    return { dataTyp: 'string', length };
  }
  const types: Record<string, Element['dataTyp']> = {
    text: 'text',
    integer: 'int',
    smallint: 'int',
    bigint: 'decimal',
    boolean: 'bool',
    date: 'date',
    timestamptz: 'datetime',
    'timestamp without time zone': 'datetime',
    jsonb: 'json',
    json: 'json',
  };
  if (type.startsWith('numeric')) {
    return { dataTyp: 'decimal' };
  }
  return types[type] ? { dataTyp: types[type] } : undefined;
}
