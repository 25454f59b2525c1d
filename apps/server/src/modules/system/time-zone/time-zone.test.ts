import { afterEach, describe, expect, it, vi } from 'vitest';
import { checksums, twoTenantApp } from '../../../../test/fixtures.ts';
import { CacheRegistry } from '../../../lib/cache/cache-registry.ts';
import { systemModule } from '../index.ts';
import { TimeZoneService } from './time-zone.service.ts';

const BASE = '/api/yuan-system/time-zone';
const PARAM = '/api/yuan-system/param';

const { t, tokens } = twoTenantApp(() => ({}), [systemModule]);

/** The wall-clock text of an instant in a zone, as a date filter is typed: YYYY-MM-DD HH:mm:ss. */
function wallClock(at: number, zone: string): string {
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).format(new Date(at));
}

/** Whether a param created at `created` is found before the given wall-clock time (createTime_datelt). */
async function foundBefore(token: string, key: string, wall: string): Promise<boolean> {
  const page = await t.call(
    'GET',
    `${PARAM}/list?paramKey=${key}&createTime_datelt=${encodeURIComponent(wall)}`,
    token,
  );
  expect(page.statusCode).toBe(200);
  return page.json().data.total === 1;
}

const MINUTE = 60_000;

describe('time zones', () => {
  it('answers the default zone of GMT+8 until a tenant chooses one', async () => {
    const detail = await t.call('GET', `${BASE}/detail`, tokens.a);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data).toMatchObject({ timeZone: 'Asia/Shanghai', offset: '+08:00', custom: false });
    expect(Math.abs(Date.parse(detail.json().data.serverTime) - Date.now())).toBeLessThan(MINUTE);
    // Every signed-in user reads the zone (the web shows times in it); only the menu's holders change it.
    expect((await t.call('GET', `${BASE}/detail`, tokens.noPerm)).statusCode).toBe(200);
    const refused = await t.call('POST', `${BASE}/submit`, tokens.noPerm, { timeZone: 'Europe/Paris' });
    expect(refused.statusCode).toBe(403);
  });

  it('refuses names that are not time zones and changes nothing', async () => {
    const before = await checksums(t);
    for (const timeZone of [
      "Asia/Shanghai'; DROP TABLE yuan_param; --",
      'Mars/Base',
      '',
      'x'.repeat(500),
      8,
    ]) {
      const answer = await t.call('POST', `${BASE}/submit`, tokens.a, { timeZone });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().msg).toContain('请选择有效的时区');
    }
    expect((await t.call('POST', `${BASE}/submit`, tokens.a, {})).statusCode).toBe(400);
    const viaParam = await t.call('POST', `${PARAM}/submit`, tokens.a, {
      paramName: 'zone',
      paramKey: 'tenant.timeZone',
      paramValue: 'Nowhere/City',
    });
    expect(viaParam.statusCode).toBe(400);
    expect(viaParam.json().msg).toContain('请选择有效的时区');
    expect(await checksums(t)).toEqual(before);
  });

  it("reads wall-clock filters in the tenant's zone, and only that tenant's", async () => {
    const created = await t.call('POST', `${PARAM}/submit`, tokens.a, {
      paramName: 'clock',
      paramKey: 'tz.clock',
      paramValue: '1',
    });
    const at = Date.parse(created.json().data.createTime);
    expect(Number.isNaN(at)).toBe(false);
    // Default zone: a minute after creation in Shanghai time finds the row, a minute before does not.
    expect(await foundBefore(tokens.a, 'tz.clock', wallClock(at + MINUTE, 'Asia/Shanghai'))).toBe(true);
    expect(await foundBefore(tokens.a, 'tz.clock', wallClock(at - MINUTE, 'Asia/Shanghai'))).toBe(false);

    const saved = await t.call('POST', `${BASE}/submit`, tokens.a, { timeZone: 'America/New_York' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ timeZone: 'America/New_York', custom: true });
    expect(['-05:00', '-04:00']).toContain(saved.json().data.offset);
    // New York is 12 or 13 hours behind Shanghai: the same filters now read as New York time.
    expect(await foundBefore(tokens.a, 'tz.clock', wallClock(at + MINUTE, 'America/New_York'))).toBe(true);
    expect(await foundBefore(tokens.a, 'tz.clock', wallClock(at - MINUTE, 'America/New_York'))).toBe(false);
    // The very filter that missed the row in Shanghai time finds it now: read in New York it is hours later.
    expect(await foundBefore(tokens.a, 'tz.clock', wallClock(at - MINUTE, 'Asia/Shanghai'))).toBe(true);
    // ISO values carry their offset and mean the same instant in any zone.
    expect(await foundBefore(tokens.a, 'tz.clock', new Date(at - MINUTE).toISOString())).toBe(false);

    // Tenant B keeps its own zone.
    expect((await t.call('GET', `${BASE}/detail`, tokens.b)).json().data.timeZone).toBe('Asia/Shanghai');
  });

  it('is one parameter: saving again updates it, and editing the parameter changes the zone at once', async () => {
    await t.call('POST', `${BASE}/submit`, tokens.a, { timeZone: 'Europe/London' });
    const params = (await t.call('GET', `${PARAM}/list?paramKey=tenant.timeZone`, tokens.a)).json().data;
    expect(params.total).toBe(1);
    expect(params.records[0].paramValue).toBe('Europe/London');
    const edited = await t.call('POST', `${PARAM}/submit`, tokens.a, {
      id: params.records[0].id,
      paramName: params.records[0].paramName,
      paramKey: 'tenant.timeZone',
      paramValue: ' Asia/Tokyo ',
    });
    expect(edited.statusCode).toBe(200);
    const detail = (await t.call('GET', `${BASE}/detail`, tokens.a)).json().data;
    expect(detail).toMatchObject({ timeZone: 'Asia/Tokyo', offset: '+09:00', custom: true });
    const removed = await t.call('POST', `${PARAM}/remove?ids=${params.records[0].id}`, tokens.a);
    expect(removed.statusCode).toBe(200);
    expect((await t.call('GET', `${BASE}/detail`, tokens.a)).json().data.custom).toBe(false);
  });

  describe('kept per tenant', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('answers the zone it had while one caller reloads it, instead of every call waiting', async () => {
      const zones = new TimeZoneService(t.database.db, t.database, new CacheRegistry());
      expect(await zones.zoneOf('000000')).toBe('Asia/Shanghai');
      // Between its longest time to live (72 s with the spread) and its shortest stale window's end (48 + 60 s).
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 100_000 });
      // Past its time to live: the first caller reloads (a promise), the next ones are answered at once.
      const reloading = zones.zoneOf('000000');
      expect(reloading).toBeInstanceOf(Promise);
      expect(zones.zoneOf('000000')).toBe('Asia/Shanghai');
      expect(await reloading).toBe('Asia/Shanghai');
      expect(zones.zoneOf('000000')).toBe('Asia/Shanghai');
    });
  });
});
