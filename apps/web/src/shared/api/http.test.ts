import { describe, expect, it, vi } from 'vitest';
import { setUpRequests } from '../../test/requestHarness.ts';
import { saveTokens } from '../auth/token.ts';
import { call, onUnauthorized, RequestError, request } from './http.ts';

const { fetchMock, toast } = setUpRequests();

function reply(status: number, body: unknown) {
  fetchMock.mockResolvedValueOnce(
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );
}

function sentHeaders(index = 0): Headers {
  return fetchMock.mock.calls[index][1]?.headers as Headers;
}

describe('request headers', () => {
  it('sends the client credential always and the bearer token once logged in', async () => {
    reply(200, { code: 200, success: true, msg: '', data: 1 });
    await call('/api/x');
    expect(sentHeaders().get('Authorization')).toBe(`Basic ${btoa('yuan-web:yuan-web-secret')}`);
    expect(sentHeaders().get('Blade-Auth')).toBeNull();
    expect(sentHeaders().get('Accept-Language')).toContain('zh');

    saveTokens('access-1', 'refresh-1');
    reply(200, { code: 200, success: true, msg: '', data: 2 });
    expect(await call('/api/y')).toBe(2);
    expect(sentHeaders(1).get('Blade-Auth')).toBe('bearer access-1');
  });

  it('builds the query string and prefixes /api', async () => {
    reply(200, { code: 200, success: true, msg: '', data: null });
    await call('yuan-system/menu/routes', { params: { topMenuId: '7', empty: undefined } });
    expect(fetchMock.mock.calls[0][0]).toBe('/api/yuan-system/menu/routes?topMenuId=7');
  });
});

describe('error rules', () => {
  it('toasts the server msg for a failed envelope', async () => {
    reply(400, { code: 400, success: false, msg: '请求参数不正确', data: null });
    await expect(call('/api/a')).rejects.toBeInstanceOf(RequestError);
    expect(toast.error).toHaveBeenCalledWith('请求参数不正确');
  });

  it('falls back to error_description, then 未知错误', async () => {
    reply(400, { error: 'invalid_grant', error_description: '用户名或密码错误' });
    await expect(request('/api/b')).rejects.toThrow('用户名或密码错误');
    reply(500, {});
    await expect(request('/api/c')).rejects.toThrow('未知错误');
    expect(toast.error).toHaveBeenLastCalledWith('未知错误');
  });

  it('treats an envelope code other than 200 as a failure even with HTTP 200', async () => {
    reply(200, { code: 403, success: false, msg: '缺失功能权限，请联系管理员', data: null });
    await expect(call('/api/d')).rejects.toThrow('缺失功能权限');
  });

  it('logs out on 401', async () => {
    const handler = vi.fn();
    onUnauthorized(handler);
    reply(401, { code: 401, success: false, msg: '请求未授权，请重新登录', data: null });
    await expect(call('/api/e')).rejects.toBeInstanceOf(RequestError);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('does not toast silent calls', async () => {
    reply(400, { code: 400, success: false, msg: 'nope', data: null });
    await expect(call('/api/f', { silent: true })).rejects.toThrow('nope');
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('reports statuses above 500 as errors', async () => {
    fetchMock.mockResolvedValueOnce(new Response('Bad gateway', { status: 502 }));
    await expect(call('/api/g')).rejects.toBeInstanceOf(RequestError);
    expect(toast.error).toHaveBeenCalledWith('未知错误');
  });
});

describe('duplicate guard', () => {
  it('refuses the same write within 3 s', async () => {
    reply(200, { code: 200, success: true, msg: '', data: 1 });
    await call('/api/save', { method: 'POST', body: { a: 1 } });
    await expect(call('/api/save', { method: 'POST', body: { a: 1 } })).rejects.toThrow(
      '您的操作过于频繁，请稍后再试',
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(toast.error).toHaveBeenCalledWith('您的操作过于频繁，请稍后再试');

    // A different body is a different request.
    reply(200, { code: 200, success: true, msg: '', data: 2 });
    expect(await call('/api/save', { method: 'POST', body: { a: 2 } })).toBe(2);
  });

  it('allows the same write again after 3 s', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      reply(200, { code: 200, success: true, msg: '', data: 1 });
      await call('/api/save', { method: 'POST', body: {} });
      vi.setSystemTime(Date.now() + 3001);
      reply(200, { code: 200, success: true, msg: '', data: 1 });
      await call('/api/save', { method: 'POST', body: {} });
      expect(fetchMock).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shares one identical GET in flight', async () => {
    reply(200, { code: 200, success: true, msg: '', data: 'once' });
    const [first, second] = await Promise.all([call('/api/list'), call('/api/list')]);
    expect(first).toBe('once');
    expect(second).toBe('once');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
