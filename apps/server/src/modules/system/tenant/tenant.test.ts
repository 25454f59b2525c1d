import { describe, expect, it } from 'vitest';
import { basic } from '../../../../test/env.ts';
import { twoTenantApp } from '../../../../test/fixtures.ts';
import { systemModule } from '../index.ts';
import { developModule } from '../../develop/index.ts';

const { t, tokens } = twoTenantApp(() => ({}), [systemModule, developModule]);

const signIn = (tenantId: string, password: string, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/yuan-auth/oauth/token',
    headers: { authorization: basic() },
    remoteAddress: ip,
    query: { tenantId, username: 'admin', password, grant_type: 'password' },
  });

describe('tenants', () => {
  it('a new tenant gets its own organisation and an admin who signs in with the initial password shown once', async () => {
    const res = await t.call('POST', '/api/yuan-system/tenant/submit', tokens.a, {
      tenantName: '星河科技',
      accountNumber: 5,
    });
    expect(res.statusCode).toBe(200);
    const { tenantId, initialPassword } = res.json().data;
    expect(tenantId).toMatch(/^\d{6}$/);
    expect(initialPassword.length).toBeGreaterThanOrEqual(12);
    const login = await signIn(tenantId, initialPassword, '10.13.0.1');
    expect(login.json()).toMatchObject({ tenant_id: tenantId, role_name: 'administrator' });
    const token = login.json().access_token;
    const depts = (await t.call('GET', '/api/yuan-system/dept/select', token)).json().data;
    expect(depts.map((d: { title: string }) => d.title)).toEqual(['星河科技']);
    const detail = (
      await t.call('GET', `/api/yuan-system/tenant/detail?id=${res.json().data.id}`, tokens.a)
    ).json().data;
    expect(detail).not.toHaveProperty('initialPassword');
  });

  it('uses account.initPassword when the platform sets it, and refuses a bad or taken tenant id', async () => {
    await t.call('POST', '/api/yuan-system/param/submit', tokens.a, {
      paramName: '初始密码',
      paramKey: 'account.initPassword',
      paramValue: 'Tenant@2026',
    });
    const res = await t.call('POST', '/api/yuan-system/tenant/submit', tokens.a, {
      tenantId: '777777',
      tenantName: 'Seven',
    });
    expect(res.json().data).not.toHaveProperty('initialPassword');
    expect((await signIn('777777', 'Tenant@2026', '10.13.0.2')).statusCode).toBe(200);
    expect(
      (
        await t.call('POST', '/api/yuan-system/tenant/submit', tokens.a, {
          tenantId: '777777',
          tenantName: 'Again',
        })
      ).json().msg,
    ).toBe('租户ID“777777”已存在');
    expect(
      (
        await t.call('POST', '/api/yuan-system/tenant/submit', tokens.a, {
          tenantId: '7 7',
          tenantName: 'Bad',
        })
      ).statusCode,
    ).toBe(400);
  });

  it('setting changes quota and expiry; an expired tenant cannot sign in', async () => {
    const row = (await t.call('GET', '/api/yuan-system/tenant/list?tenantId=777777', tokens.a)).json().data
      .records[0];
    const past = new Date(Date.now() - 86_400_000).toISOString();
    expect(
      (
        await t.call('POST', '/api/yuan-system/tenant/setting', tokens.a, {
          ids: row.id,
          accountNumber: 3,
          expireTime: past,
        })
      ).statusCode,
    ).toBe(200);
    const refused = await signIn('777777', 'Tenant@2026', '10.13.0.3');
    expect(refused.json().error_description).toBe('租户授权已过期，请联系管理员');
    await t.call('POST', '/api/yuan-system/tenant/setting', tokens.a, { ids: row.id, expireTime: '' });
    expect((await signIn('777777', 'Tenant@2026', '10.13.0.4')).statusCode).toBe(200);
    expect(
      (await t.call('GET', `/api/yuan-system/tenant/detail?id=${row.id}`, tokens.a)).json().data
        .accountNumber,
    ).toBe(3);
  });

  it('binds packages and datasources; only the platform manages tenants', async () => {
    const pkg = (
      await t.call('POST', '/api/yuan-system/tenant-package/submit', tokens.a, {
        packageName: 'Lite',
        menuId: '1',
      })
    ).json().data;
    expect(
      (
        await t.call('POST', '/api/yuan-system/tenant/package-setting', tokens.a, {
          tenantId: '777777',
          packageId: pkg.id,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await t.call('GET', '/api/yuan-system/tenant/package-detail?tenantId=777777', tokens.a)).json().data,
    ).toMatchObject({ packageName: 'Lite', packageId: pkg.id });
    expect(
      (
        await t.call('POST', '/api/yuan-system/tenant/package-setting', tokens.a, {
          tenantId: '777777',
          packageId: '42',
        })
      ).statusCode,
    ).toBe(404);
    const source = await t.call('POST', '/api/yuan-develop/datasource/submit', tokens.a, {
      name: 'reporting',
      driverClass: 'org.postgresql.Driver',
      url: 'postgresql://reports.example:5432/yuan',
      username: 'report',
      password: 'secret-password',
    });
    expect(source.statusCode).toBe(200);
    expect(source.json().data.password).toBeUndefined();
    const badUrl = await t.call('POST', '/api/yuan-develop/datasource/submit', tokens.a, {
      name: 'bad',
      driverClass: 'org.postgresql.Driver',
      url: 'file:///etc/passwd',
    });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json().msg).toContain('连接地址格式不匹配');
    const bind = (tenantId: string, datasourceId: string) =>
      t.call('POST', '/api/yuan-system/tenant/datasource', tokens.a, { tenantId, datasourceId });
    const datasourceOf = async () =>
      (await t.call('GET', '/api/yuan-system/tenant/list?tenantId=777777', tokens.a)).json().data.records[0]
        .datasourceId;
    expect((await bind('777777', source.json().data.id)).statusCode).toBe(200);
    expect(await datasourceOf()).toBe(source.json().data.id);
    // An unknown datasource or tenant binds nothing; '' unbinds.
    expect((await bind('777777', '99')).statusCode).toBe(404);
    expect((await bind('888888', source.json().data.id)).statusCode).toBe(404);
    expect(await datasourceOf()).toBe(source.json().data.id);
    expect((await bind('777777', '')).statusCode).toBe(200);
    expect(await datasourceOf()).toBeNull();
    // The tenant form checks the datasource as well.
    const viaForm = await t.call('POST', '/api/yuan-system/tenant/submit', tokens.a, {
      tenantName: 'With datasource',
      datasourceId: '99',
    });
    expect(viaForm.statusCode).toBe(400);
    expect(viaForm.json().msg).toContain('请选择数据源');
    // Datasources are platform records.
    expect((await t.call('GET', '/api/yuan-develop/datasource/list', tokens.b)).statusCode).toBe(403);
    expect((await t.call('GET', '/api/yuan-system/tenant/list', tokens.b)).statusCode).toBe(403);
    expect(
      (await t.call('POST', '/api/yuan-system/tenant/setting', tokens.b, { ids: '1', accountNumber: 1 }))
        .statusCode,
    ).toBe(403);
    const platform = (await t.call('GET', '/api/yuan-system/tenant/list?tenantId=000000', tokens.a)).json()
      .data.records[0];
    expect(
      (await t.call('POST', `/api/yuan-system/tenant/remove?ids=${platform.id}`, tokens.a)).statusCode,
    ).toBe(400);
  });
});
