import { SECRET_MASK } from '@yuan/contract';
import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD } from '../../../test/env.ts';
import { twoTenantApp } from '../../../test/fixtures.ts';
import { redact } from '../../lib/redact.ts';
import { logModule } from './index.ts';

const { t, tokens } = twoTenantApp(() => ({}), [logModule]);

const list = async (kind: string, query = '', token = tokens.a) => {
  await t.app.logs.flush();
  return (await t.call('GET', `/api/yuan-log/${kind}/list${query}`, token)).json().data;
};

describe('logs', () => {
  it('redacts secrets at any depth', () => {
    expect(
      redact({ password: 'x', nested: { clientSecret: 'y', ok: 1 }, list: [{ refresh_token: 'z' }] }),
    ).toEqual({
      password: SECRET_MASK,
      nested: { clientSecret: SECRET_MASK, ok: 1 },
      list: [{ refresh_token: SECRET_MASK }],
    });
  });

  it('records calls that change data with redacted parameters, status, time and caller', async () => {
    const started = Date.now();
    await t.call('POST', '/api/yuan-system/param/submit', tokens.a, {
      paramName: 'log-probe',
      paramKey: 'log.probe',
      paramValue: 'v',
    });
    const elapsed = Date.now() - started;
    const page = await list('api', '?requestUri=/api/yuan-system/param/submit');
    const entry = page.records.find((r: { params: string }) => r.params.includes('log-probe'));
    expect(entry).toMatchObject({ method: 'POST', status: 200, createBy: 'admin', tenantId: '000000' });
    // Milliseconds the server spent, within what the caller waited.
    expect(entry.time).toBeLessThanOrEqual(elapsed + 1);
    const logins = await list('api', '?requestUri=/api/yuan-auth/oauth/token&size=200');
    expect(logins.total).toBeGreaterThan(0);
    const all = JSON.stringify(logins.records);
    expect(all).not.toContain(ADMIN_PASSWORD);
    expect(all).toContain(SECRET_MASK);
  });

  it('keeps sign-ins in the usual log', async () => {
    await t.login({ ip: '10.11.0.1' });
    const usual = await list('usual', '?logId=login');
    expect(usual.records[0]).toMatchObject({ logId: 'login', createBy: 'admin', remoteIp: '10.11.0.1' });
    // Every user reads their own sign-ins, without any log permission.
    const mine = (await t.call('GET', '/api/yuan-log/usual/mine', tokens.noPerm)).json().data;
    expect(mine.total).toBeGreaterThanOrEqual(1);
    expect(mine.records.every((r: { logId: string }) => r.logId === 'login' || r.logId === 'refresh')).toBe(
      true,
    );
    const adminMine = (await t.call('GET', '/api/yuan-log/usual/mine', tokens.a)).json().data;
    expect(adminMine.records.map((r: { remoteIp: string }) => r.remoteIp)).toContain('10.11.0.1');
    expect(mine.records.map((r: { remoteIp: string }) => r.remoteIp)).not.toContain('10.11.0.1');
  });

  it("records server exceptions with their stack, visible to the tenant's administrators only", async () => {
    const { buildApp } = await import('../../app.ts');
    const extra = await buildApp({
      config: t.config,
      database: t.database,
      logger: false,
      modules: [logModule],
    });
    extra.get('/api/explode', { config: { public: true } }, async () => {
      throw new TypeError('exploded on purpose');
    });
    await extra.ready();
    expect((await extra.inject({ method: 'GET', url: '/api/explode' })).statusCode).toBe(500);
    await extra.logs.flush();
    await extra.close();
    const errors = await list('error', '?source=server');
    const e = errors.records.find((r: { message: string }) => r.message === 'exploded on purpose');
    expect(e).toMatchObject({ type: 'TypeError', requestUri: '/api/explode', method: 'GET' });
    const detail = (await t.call('GET', `/api/yuan-log/error/detail?id=${e.id}`, tokens.a)).json().data;
    expect(detail.stackTrace).toContain('TypeError: exploded on purpose');
    expect((await t.call('GET', `/api/yuan-log/error/detail?id=${e.id}`, tokens.b)).statusCode).toBe(404);
    expect((await t.call('GET', '/api/yuan-log/error/list', tokens.noPerm)).statusCode).toBe(403);
  });

  it('deletes entries older than the retention setting', async () => {
    const root = t.database.root;
    const old = (days: number) => new Date(Date.now() - days * 86_400_000);
    await root
      .insertInto('yuan_log_usual')
      .values({ tenant_id: '000000', id: '91', log_id: 'ancient', create_time: old(100) })
      .execute();
    await root
      .insertInto('yuan_log_usual')
      .values({ tenant_id: '000000', id: '92', log_id: 'recent', create_time: old(2) })
      .execute();
    await root
      .insertInto('yuan_log_usual')
      .values({ tenant_id: '200002', id: '93', log_id: 'b-recent', create_time: old(2) })
      .execute();
    expect(await t.app.logs.sweep()).toBeGreaterThanOrEqual(1);
    const ids = async () =>
      (await root.selectFrom('yuan_log_usual').select('id').where('id', 'in', ['91', '92', '93']).execute())
        .map((r) => r.id)
        .sort();
    expect(await ids()).toEqual(['92', '93']);
    await t.call('POST', '/api/yuan-system/param/submit', tokens.a, {
      paramName: '日志保留天数',
      paramKey: 'log.retentionDays',
      paramValue: '1',
    });
    await t.app.logs.sweep();
    expect(await ids()).toEqual(['93']);
  });
});
