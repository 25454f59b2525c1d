import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { nextId } from '../../lib/id.ts';
import { flowRepos } from './engine/flow.repo.ts';
import { FlowTimers } from './engine/flow-timers.ts';
import type { InstanceService } from './engine/instance.service.ts';
import { CUT_SHORT, ScheduleRepo } from './schedule/schedule.repo.ts';
import { ScriptScheduler } from './schedule/script-scheduler.ts';
import { flowModule } from './index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, [flowModule]);
});
afterAll(() => t?.close());

const TENANT = '000000';

function scheduler(sole: boolean) {
  return new ScriptScheduler({
    database: t.database,
    sole,
    repo: new ScheduleRepo(t.database.db),
    run: () => Promise.reject(new Error('no service is due in this test')),
    actAs: async () => undefined,
    zoneOf: async () => 'UTC',
    log: () => undefined,
  });
}

/** A run row as a server process leaves it when it starts a run: no end, no outcome. */
async function openRun(startedSecondsAgo: number): Promise<string> {
  const id = nextId();
  await sql`INSERT INTO yuan_script_run (tenant_id, id, service_id, scheduled_at, started_at)
    VALUES (${TENANT}, ${id}, ${nextId()}, now(), now() - make_interval(secs => ${startedSecondsAgo}))`.execute(
    t.database.root,
  );
  return id;
}

async function runOf(id: string) {
  const { rows } = await sql<{ ok: boolean | null; error: string; finished: boolean }>`
    SELECT ok, error, finished_at IS NOT NULL AS finished FROM yuan_script_run WHERE id = ${id}`.execute(
    t.database.root,
  );
  return rows[0];
}

describe('work cut short by a stopped server process', () => {
  it('marks failed a scheduled run past its lease from the job loop, and every open one at start on the embedded database', async () => {
    const old = await openRun(120);
    const recent = await openRun(1);
    const done = await openRun(300);
    await sql`UPDATE yuan_script_run SET finished_at = now(), ok = true WHERE id = ${done}`.execute(
      t.database.root,
    );

    // Another process may still be running the recent one: the loop leaves it until its lease is over.
    await scheduler(false).runDue();
    expect(await runOf(old)).toEqual({ ok: false, error: CUT_SHORT, finished: true });
    expect(await runOf(recent)).toEqual({ ok: null, error: '', finished: false });
    // Outside database, at start: still only by lease.
    expect(await scheduler(false).recover(true)).toBe(0);

    // The embedded database serves one process: at its start, whatever is open was cut short.
    expect(await scheduler(true).recover(true)).toBe(1);
    expect(await runOf(recent)).toEqual({ ok: false, error: CUT_SHORT, finished: true });
    expect(await runOf(done)).toEqual({ ok: true, error: '', finished: true });
  });

  it('gives back at start the process-timer leases a gone process held, so their steps are retried without waiting', async () => {
    const id = nextId();
    await sql`INSERT INTO yuan_flow_job (tenant_id, id, instance_id, activity_id, due_at, locked_until, attempts)
      VALUES (${TENANT}, ${id}, ${nextId()}, 'timer', now() + interval '1 hour', now() + interval '50 seconds', 1)`.execute(
      t.database.root,
    );
    const timers = new FlowTimers(
      t.database,
      flowRepos(t.database.db),
      {} as InstanceService,
      async () => undefined,
      () => undefined,
    );
    expect(await timers.recover(false)).toBe(0);
    expect(await timers.recover(true)).toBe(1);
    const { rows } = await sql<{ locked: boolean }>`
      SELECT locked_until IS NOT NULL AS locked FROM yuan_flow_job WHERE id = ${id}`.execute(t.database.root);
    expect(rows[0]?.locked).toBe(false);
  });
});
