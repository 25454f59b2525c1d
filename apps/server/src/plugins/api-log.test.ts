import { describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

/** Which calls each API_LOG policy keeps. */
async function logged(apiLog: string) {
  const t: TestApp = await createTestApp({ API_LOG: apiLog }, []);
  try {
    const token = (await t.login()).access_token;
    await t.call('GET', '/api/yuan-system/param/list?paramName=read-probe', token);
    await t.call('POST', '/api/yuan-system/topmenu/list', token);
    await t.call('GET', '/api/yuan-system/param/detail?id=1', token);
    await t.call('POST', '/api/yuan-system/param/submit', token, {
      paramName: 'write-probe',
      paramKey: 'write.probe',
      paramValue: 'v',
    });
    await t.app.logs.flush();
    const rows = await t.database.root
      .selectFrom('yuan_log_api')
      .select(['method', 'request_uri', 'status'])
      .where('request_uri', 'like', '/api/yuan-system/%')
      .orderBy('id')
      .execute();
    return rows.map((r) => `${r.method} ${r.request_uri} ${r.status}`);
  } finally {
    await t.close();
  }
}

describe('the API log policy', () => {
  it('writes (default): calls that change data and failed calls, not the reads', async () => {
    expect(await logged('writes')).toEqual([
      'GET /api/yuan-system/param/detail 404',
      'POST /api/yuan-system/param/submit 200',
    ]);
  });

  it('all: every call; off: none', async () => {
    expect(await logged('all')).toEqual([
      'GET /api/yuan-system/param/list 200',
      'POST /api/yuan-system/topmenu/list 200',
      'GET /api/yuan-system/param/detail 404',
      'POST /api/yuan-system/param/submit 200',
    ]);
    expect(await logged('off')).toEqual([]);
  });
});
