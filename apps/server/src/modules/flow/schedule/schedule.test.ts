import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { apiCalls } from '../../../../test/api-calls.ts';
import { twoTenantApp } from '../../../../test/fixtures.ts';
import { buildApp } from '../../../app.ts';
import { flowModule } from '../index.ts';

const { t, tokens } = twoTenantApp(() => ({}), [flowModule]);
const API = '/api/yuan-api';
const { call, data } = apiCalls(t, API, () => tokens.a);
const get = (url: string, token = tokens.a) => t.call('GET', url, token);

const runsOf = async (serviceId: string) =>
  (
    await sql<{ scheduled_at: Date; ok: boolean | null }>`SELECT scheduled_at, ok FROM yuan_script_run
      WHERE service_id = ${serviceId} ORDER BY scheduled_at`.execute(t.database.root)
  ).rows;

describe('scheduled services', { timeout: 60_000 }, () => {
  it('refuses a schedule the scheduler could not follow, naming the field', async () => {
    const bad = await call('/s/saveOrUpdate', {
      parentId: '0',
      name: 'x',
      kind: 'service',
      path: 'sched/bad',
      cron: 'every minute',
    });
    expect(bad.json().msg).toMatch(/^定时表达式无效：/);
    const zone = await call('/s/saveOrUpdate', {
      parentId: '0',
      name: 'x',
      kind: 'service',
      path: 'sched/bad',
      cron: '0 * * * *',
      timeZone: 'Nope/Zone',
    });
    expect(zone.json().msg).toBe('未知时区: Nope/Zone');
  });

  it('runs each planned time once with two server processes, keeping the outcome and log', async () => {
    // A second server process on the same database: both poll every second.
    const second = await buildApp({
      config: t.config,
      database: t.database,
      logger: false,
      modules: [flowModule],
    });
    await second.ready();
    let svc: Record<string, unknown> = {};
    try {
      svc = await data('/s/saveOrUpdate', {
        parentId: '0',
        name: 'tick',
        kind: 'service',
        path: 'sched/tick',
        code: 'log("tick", user.account); return 1;',
        cron: '* * * * * *',
      });
      for (let i = 0; i < 100 && (await runsOf(String(svc.id))).filter((r) => r.ok).length < 3; i++) {
        await sleep(100);
      }
    } finally {
      await data('/s/saveOrUpdate', { ...svc, cron: '' });
      await second.close();
    }
    const runs = await runsOf(String(svc.id));
    expect(runs.filter((r) => r.ok).length).toBeGreaterThanOrEqual(3);
    const times = runs.map((r) => r.scheduled_at.getTime());
    expect(new Set(times).size).toBe(times.length);
    // Planned every second: consecutive runs are whole seconds apart, none taken twice.
    for (let i = 1; i < times.length; i++) {
      expect(((times[i] ?? 0) - (times[i - 1] ?? 0)) % 1000).toBe(0);
    }

    const calendar = (
      await get(
        `${API}/scheduled/calendar?start=${new Date(Date.now() - 3_600_000).toISOString()}&end=${new Date(Date.now() + 3_600_000).toISOString()}`,
      )
    ).json().data;
    const mine = calendar.runs.filter((r: { serviceId: string }) => r.serviceId === svc.id);
    expect(mine.length).toBe(runs.length);
    const range = `start=${new Date(Date.now() - 3_600_000).toISOString()}&end=${new Date(Date.now() + 3_600_000).toISOString()}`;
    const onlyOther = (await get(`${API}/scheduled/calendar?${range}&serviceId=1`)).json().data;
    expect(onlyOther.runs).toEqual([]);
    expect(mine[0]).toMatchObject({ serviceName: 'tick', path: 'sched/tick', ok: true });
    const detail = (await get(`${API}/scheduled/run/${mine[0].id}`)).json().data;
    expect(detail).toMatchObject({ ok: true, logs: ['tick admin'], value: 1 });
    expect((await get(`${API}/scheduled/run/${mine[0].id}`, tokens.b)).statusCode).toBe(404);
    // No longer scheduled: nothing planned, and no new run.
    const count = runs.length;
    await sleep(1500);
    expect((await runsOf(String(svc.id))).length).toBe(count);
    expect(calendar.upcoming.some((u: { serviceId: string }) => u.serviceId === svc.id)).toBe(false);
  });

  it('lists the planned times of a schedule in its time zone', async () => {
    await data('/s/saveOrUpdate', {
      parentId: '0',
      name: 'daily',
      kind: 'service',
      path: 'sched/daily',
      code: 'return 1',
      cron: '0 9 * * *',
      timeZone: 'Asia/Tokyo',
    });
    const start = new Date(Date.UTC(2030, 0, 1));
    const end = new Date(Date.UTC(2030, 0, 4));
    const calendar = (
      await get(`${API}/scheduled/calendar?start=${start.toISOString()}&end=${end.toISOString()}`)
    ).json().data;
    const daily = calendar.upcoming.filter((u: { path: string }) => u.path === 'sched/daily');
    // 09:00 in Tokyo is 00:00 UTC.
    expect(daily.map((u: { at: string }) => u.at)).toEqual([
      '2030-01-01T00:00:00.000Z',
      '2030-01-02T00:00:00.000Z',
      '2030-01-03T00:00:00.000Z',
    ]);
    const tooLong = await get(
      `${API}/scheduled/calendar?start=${start.toISOString()}&end=2030-06-01T00:00:00Z`,
    );
    expect(tooLong.statusCode).toBe(400);
  });
});

describe('Blockly workspaces (/api/blockly)', { timeout: 30_000 }, () => {
  it('keeps a service’s workspace and saves its generated code, for the tenant’s services only', async () => {
    const svc = await data('/s/saveOrUpdate', { parentId: '0', name: 'b', kind: 'service', path: 'blk/one' });
    const empty = (await get(`/api/blockly/fnFindByID/${svc.id}`)).json().data;
    expect(empty).toMatchObject({ id: svc.id, name: 'b', path: 'blk/one', code: '', data: null });
    const workspace = { blocks: { languageVersion: 0, blocks: [{ type: 'yuan_return', id: 'r1' }] } };
    const saved = await t.call('POST', '/api/blockly/saveOrUpdate', tokens.a, {
      id: svc.id,
      data: workspace,
      code: 'return 6 * 7;\n',
    });
    expect(saved.json()).toMatchObject({ success: true, data: { code: 'return 6 * 7;\n', data: workspace } });
    expect((await get(`/api/blockly/fnFindByID/${svc.id}`)).json().data.data).toEqual(workspace);
    expect((await data('/s/run', { id: svc.id })).value).toBe(42);

    expect((await get(`/api/blockly/fnFindByID/${svc.id}`, tokens.b)).statusCode).toBe(404);
    const theirs = await t.call('POST', '/api/blockly/saveOrUpdate', tokens.b, { id: svc.id, data: null });
    expect(theirs.statusCode).toBe(404);
    expect((await get(`/api/blockly/fnFindByID/${svc.id}`)).json().data.data).toEqual(workspace);
  });
});
