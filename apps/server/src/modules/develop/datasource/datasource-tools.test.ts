import { describe, expect, it } from 'vitest';
import { twoTenantApp } from '../../../../test/fixtures.ts';
import { useOutsidePostgres } from '../../../../test/outside-postgres.ts';
import { developModule } from '../index.ts';

const outside = useOutsidePostgres(
  'CREATE TABLE sample_order (id bigint PRIMARY KEY, title varchar(80) NOT NULL, amount numeric, paid boolean)',
);
// Only the outside server's own port is let through; every other internal address stays refused.
const { t, tokens } = twoTenantApp(
  () => ({ DATASOURCE_ALLOW: `127.0.0.1:${outside.port()}` }),
  [developModule],
);
const BASE = '/api/yuan-develop/datasource';

async function datasource(url: string, password = 'reader-secret'): Promise<string> {
  const res = await t.call('POST', `${BASE}/submit`, tokens.a, {
    name: `ds-${Math.random().toString(36).slice(2, 8)}`,
    driverClass: 'org.postgresql.Driver',
    url,
    username: 'reader',
    password,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id;
}
const test = (id: string, token = tokens.a) => t.call('POST', `${BASE}/test`, token, { id });

describe('datasource test connection', () => {
  it('connects as the datasource user and reports the server version; the password never comes back', async () => {
    const id = await datasource(`jdbc:postgresql://127.0.0.1:${outside.port()}/postgres`);
    const res = await test(id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.version).toMatch(/^\d+\.\d+/);
    const detail = await t.call('GET', `${BASE}/detail?id=${id}`, tokens.a);
    expect(detail.body).not.toContain('reader-secret');
  });

  it('says why a connection failed, without the password', async () => {
    const id = await datasource(`postgresql://127.0.0.1:${outside.port()}/postgres`, 'wrong-secret');
    const res = await test(id);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/^连接失败：.*reader/);
    expect(res.body).not.toContain('wrong-secret');
  });

  it('refuses loopback, private, link-local and metadata addresses not listed in DATASOURCE_ALLOW', async () => {
    for (const host of [
      '127.0.0.1:5432',
      'localhost:5432',
      '10.1.2.3',
      '192.168.0.10',
      '169.254.169.254',
      '[::1]',
      '[::ffff:127.0.0.1]',
      '0.0.0.0',
    ]) {
      const id = await datasource(`postgresql://${host}/postgres`);
      const res = await test(id);
      expect(res.statusCode, host).toBe(400);
      expect(res.json().msg, host).toMatch(/^不允许连接内部地址/);
    }
  });

  it('lists the tables and the columns of a table', async () => {
    const id = await datasource(`postgresql://127.0.0.1:${outside.port()}/postgres`);
    const tables = await t.call('GET', `${BASE}/tables?id=${id}`, tokens.a);
    expect(tables.json().data).toContainEqual({ schema: 'public', name: 'sample_order' });
    const columns = await t.call('GET', `${BASE}/columns?id=${id}&table=sample_order`, tokens.a);
    expect(
      columns.json().data.map((c: { name: string; dataType: string }) => `${c.name}:${c.dataType}`),
    ).toEqual(['id:bigint', 'title:character varying', 'amount:numeric', 'paid:boolean']);
    const missing = await t.call('GET', `${BASE}/columns?id=${id}&table=nothing_here`, tokens.a);
    expect(missing.json().msg).toBe('表不存在：nothing_here');
  });

  it('refuses MySQL clearly, unknown ids, and callers outside the platform tenant or without the button', async () => {
    const mysql = await datasource('jdbc:mysql://db.example.com:3306/app');
    expect((await test(mysql)).json().msg).toBe('暂不支持连接 mysql 数据源，仅支持 PostgreSQL');
    expect((await test('123456789')).statusCode).toBe(404);
    const id = await datasource(`postgresql://127.0.0.1:${outside.port()}/postgres`);
    expect((await test(id, tokens.b)).statusCode).toBe(403);
    expect((await test(id, tokens.noPerm)).statusCode).toBe(403);
  });
});
