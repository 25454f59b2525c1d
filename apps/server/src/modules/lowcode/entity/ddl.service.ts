import { entityTable } from '@yuan/contract';
import { afterCommit, asTableOwner } from '../../../db/scope.ts';
import { badRequest, notFound } from '../../../lib/errors.ts';
import { type DdlStep, driftOf, planSync } from './ddl-plan.ts';
import type { EntityRepo } from './entity.repo.ts';

export interface SyncStep {
  sql: string;
  what: DdlStep['what'];
  /** Rows whose data the step changes or removes (only on steps that may lose data). */
  rows?: number;
}

export interface SyncResult {
  steps: SyncStep[];
  /** Rows the destructive steps touch: what a caller confirms to apply them. */
  affectedRows: number;
  applied: boolean;
}

/**
 * The only code that creates, alters and drops entity tables. It plans from the definition and the live table,
 * counts what a step would lose, and applies as the table owner under a per-entity lock inside the caller's unit,
 * so the DDL and the definition's synced mark commit together or not at all.
 */
export class DdlService {
  constructor(
    private readonly repo: EntityRepo,
    /** Told (after commit) that an entity's table changed, e.g. to drop cached definitions. */
    private readonly changed: (entId: string) => void,
  ) {}

  tableOf(id: string): string {
    return entityTable(id);
  }

  /** Tells, once the caller's unit has committed, that an entity's table or synced definition changed or is gone. */
  announce(id: string): void {
    afterCommit(() => this.changed(id));
  }

  async drift(id: string, synced: Parameters<typeof driftOf>[0]): Promise<string[]> {
    const live = await this.repo.liveColumns(entityTable(id));
    return live ? driftOf(synced, live) : ['table missing'];
  }

  /** Without `apply` a preview; with it the DDL runs, once any data loss is confirmed by its row count. */
  async sync(id: string, opts: { apply?: boolean; confirm?: number }): Promise<SyncResult> {
    if (opts.apply) {
      await this.repo.lock(id);
    }
    const row = await this.repo.find(id);
    if (!row) {
      throw notFound();
    }
    const live = await this.repo.liveColumns(entityTable(id));
    const indexes = {
      live: live ? await this.repo.liveIndexes(entityTable(id)) : new Set<string>(),
      trigram: await this.repo.hasTrigram(),
    };
    const plan = planSync(id, row.elements, row.synced, live, indexes);
    const steps: SyncStep[] = [];
    let affectedRows = 0;
    const lossy: string[] = [];
    for (const step of plan) {
      const out: SyncStep = { sql: step.sql, what: step.what };
      if (step.loss) {
        out.rows = await this.repo.countOf(step.loss);
        affectedRows += out.rows;
        if (out.rows > 0) {
          lossy.push(String(step.what.params.column ?? ''));
        }
      }
      steps.push(out);
    }
    if (!opts.apply) {
      return { steps, affectedRows, applied: false };
    }
    if (affectedRows > 0 && opts.confirm !== affectedRows) {
      throw badRequest('entity.confirmLoss', { rows: affectedRows, detail: lossy.join(', ') });
    }
    await asTableOwner(async () => {
      for (const step of plan) {
        if (step.prepare) {
          await this.repo.execute(step.prepare);
        }
        await this.repo.execute(step.sql);
      }
    });
    await this.repo.markSynced(id, row.elements, row.version);
    this.announce(id);
    return { steps, affectedRows, applied: true };
  }

  /**
   * Drops an entity's table: only when asked to (`dropTable`), and when it holds rows only with their count
   * (`confirmRows`) as the caller was shown it. No table: nothing to do. The caller removes the entity with it and
   * announces both at once (`announce`).
   */
  async dropTable(id: string, opts: { dropTable?: boolean; confirmRows?: number }): Promise<void> {
    const table = entityTable(id);
    if ((await this.repo.liveColumns(table)) === null) {
      return;
    }
    await this.repo.lock(id);
    const rows = await this.repo.countOf(`SELECT count(*) AS n FROM "${table}"`);
    if (!opts.dropTable || (rows > 0 && opts.confirmRows !== rows)) {
      throw badRequest('entity.confirmDrop', { rows });
    }
    await asTableOwner(() => this.repo.execute(`DROP TABLE "${table}"`));
  }
}
