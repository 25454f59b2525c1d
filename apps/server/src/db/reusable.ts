import { createHash } from 'node:crypto';
import type { Compilable, CompiledQuery, QueryResult } from 'kysely';
import type pg from 'pg';

/** What runs a compiled query: a Kysely handle (the scoped one in repos). */
interface Runner {
  executeQuery<R>(query: CompiledQuery<R>): Promise<QueryResult<R>>;
}

/** How a statement runs: as a named prepared statement, and with its own type parsers instead of the pool's. */
export interface RunAs {
  statement?: string | undefined;
  /** E.g. `ANSWER_TYPES`, for rows that go to an answer as they are. */
  types?: pg.CustomTypesConfig | undefined;
}

/** A compiled query the driver may run as a named prepared statement, with its own type parsers (`PgConnection`). */
export type Named<O = unknown> = CompiledQuery<O> & RunAs;

// Text no real value can hold (PostgreSQL text has no NUL), standing in for the i-th value while compiling.
const MARK = '\u0000';
const slot = (i: number) => `${MARK}value ${i}${MARK}`;
const slotOf = (p: unknown): number | undefined =>
  typeof p === 'string' && p.startsWith(`${MARK}value `) && p.endsWith(MARK)
    ? Number(p.slice(7, -1))
    : undefined;

/**
 * A statement whose text never changes, built and compiled once: each call binds its values to the compiled text.
 * Building Kysely's immutable query tree and compiling it took ~7 % of a one-row read's CPU (docs/benchmarks.md).
 * `build` gets a stand-in for each value (`value(0)`, `value(1)`, …); anything else it puts in the query is fixed.
 */
export class Reusable<O> {
  private compiled: Named<O> | undefined;
  /** For each parameter of the compiled query: which value it takes, or undefined for a fixed one. */
  private slots: (number | undefined)[] = [];

  /**
   * `as.statement` names a server-side prepared statement (parsed and planned once per connection). Only for reads of
   * tables whose shape is fixed while the server runs: a cached plan must not change its result type, and every name
   * stays prepared on each connection that ran it.
   */
  constructor(
    private readonly build: (value: (i: number) => string) => Compilable<O>,
    private readonly as: RunAs = {},
  ) {}

  async rows(db: Runner, values: readonly unknown[]): Promise<O[]> {
    const compiled = this.compiled ?? this.compile();
    const parameters = compiled.parameters.map((fixed, k) => {
      const i = this.slots[k];
      return i === undefined ? fixed : values[i];
    });
    return (await db.executeQuery<O>({ ...compiled, parameters })).rows;
  }

  async first(db: Runner, values: readonly unknown[]): Promise<O | undefined> {
    return (await this.rows(db, values))[0];
  }

  private compile(): Named<O> {
    const compiled: Named<O> = { ...this.build(slot).compile(), ...this.as };
    this.slots = compiled.parameters.map(slotOf);
    this.compiled = compiled;
    return compiled;
  }
}

/** Most shapes one `ReusableShapes` keeps; past it, it starts again (a shape is rebuilt on its next use). */
const SHAPES_MAX = 64;

/**
 * Statements whose text depends on a shape (e.g. which columns a write names), each compiled once per shape: a
 * write of one resource comes in few shapes, so after the first of each no query tree is built.
 */
export class ReusableShapes<O> {
  private readonly shapes = new Map<string, Reusable<O>>();

  /**
   * `prefix`: each shape's statement is named `<prefix>_<hash of the shape>` and prepared once per connection (see
   * `Reusable`); without it they stay unnamed. `types`: every shape's type parsers (see `Named`).
   */
  constructor(private readonly options: { prefix?: string | undefined; types?: pg.CustomTypesConfig } = {}) {}

  of(shape: string, build: (value: (i: number) => string) => Compilable<O>): Reusable<O> {
    let reusable = this.shapes.get(shape);
    if (!reusable) {
      if (this.shapes.size >= SHAPES_MAX) {
        this.shapes.clear();
      }
      const { prefix, types } = this.options;
      const name = prefix && `${prefix}_${createHash('sha1').update(shape).digest('hex').slice(0, 12)}`;
      reusable = new Reusable<O>(build, { statement: name, types });
      this.shapes.set(shape, reusable);
    }
    return reusable;
  }
}
