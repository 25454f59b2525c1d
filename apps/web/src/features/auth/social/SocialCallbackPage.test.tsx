import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { getToken } from '../../../shared/auth/token.ts';
import { initI18n } from '../../../shared/i18n/index.ts';
import { useSession } from '../../../stores/session.ts';
import { renderRoute } from '../../../test/renderScreen.tsx';
import { setUpRequests } from '../../../test/requestHarness.ts';
import { envelope, jsonResponse, tokenAnswer } from '../../../test/responses.ts';
import { SocialCallbackPage } from './SocialCallbackPage.tsx';
import { menuNode } from '../../../test/menuNode.ts';

initI18n();

const { fetchMock } = setUpRequests();

function renderAt(search: string) {
  return renderRoute('/oauth/social', <SocialCallbackPage />, search);
}

beforeEach(() => {
  useSession.setState({
    token: '',
    userInfo: null,
    menu: [],
    menuAll: [],
    topMenuId: '',
    menuStatus: 'idle',
  });
});

describe('third-party sign-in callback', () => {
  it('exchanges the code and state, then lands a linked user on the wallet first page', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse(tokenAnswer()))
      .mockResolvedValueOnce(
        envelope([menuNode('generic', '/yuan/generic', [menuNode('wallet0', '/yuan/generic/wallet0')])]),
      )
      .mockResolvedValueOnce(envelope([]));
    renderAt('?code=c1&state=s1');
    expect((await screen.findByTestId('where')).textContent).toBe('/yuan/generic/wallet0/index');
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/yuan-auth/oauth/token?grant_type=social&code=c1&state=s1&scope=all');
    expect(init?.method).toBe('POST');
    expect(useSession.getState().token).toBe('access-1');
    expect(useSession.getState().menuStatus).toBe('ready');
  });

  it('asks for the second step when the tenant requires one, then lands the user', async () => {
    fetchMock
      .mockResolvedValueOnce(
        jsonResponse(
          {
            error: 'mfa_required',
            error_description: '请完成第二步验证',
            mfa_token: '000000.t',
            methods: ['totp'],
          },
          401,
        ),
      )
      .mockResolvedValueOnce(jsonResponse(tokenAnswer()))
      .mockResolvedValueOnce(envelope([menuNode('system', '/system', [menuNode('param', '/system/param')])]))
      .mockResolvedValueOnce(envelope([]));
    renderAt('?code=c1&state=s1');
    expect(await screen.findByText('两步验证')).toBeTruthy();
    expect(useSession.getState().token).toBe('');
    fireEvent.change(screen.getByLabelText('6 位验证码'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: /^验\s?证$/ }));
    expect((await screen.findByTestId('where')).textContent).toBe('/wel/index');
    expect(String(fetchMock.mock.calls[1]?.[0])).toContain('grant_type=mfa&mfa_token=000000.t&otp=123456');
    expect(useSession.getState().token).toBe('access-1');
  });

  it('lands a user without the wallet menu on the welcome page', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse(tokenAnswer()))
      .mockResolvedValueOnce(envelope([menuNode('system', '/system', [menuNode('param', '/system/param')])]))
      .mockResolvedValueOnce(envelope([]));
    renderAt('?code=c1&state=s1');
    expect((await screen.findByTestId('where')).textContent).toBe('/wel/index');
  });

  it('shows the provider refusal with a way back to /login', async () => {
    renderAt('?error=access_denied&error_description=The+user+refused');
    expect(screen.getByText('第三方登录失败')).toBeTruthy();
    expect(screen.getByText('The user refused')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: '返回登录' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/login');
  });

  it('shows the failed exchange', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ error: 'invalid_grant', error_description: '第三方登录已失效，请重新登录' }, 400),
    );
    renderAt('?code=c1&state=s1');
    expect(await screen.findByText('第三方登录已失效，请重新登录')).toBeTruthy();
    expect(screen.getByText('第三方登录失败')).toBeTruthy();
  });

  it('asks a guest to register, and signs it out when it cancels', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(
        tokenAnswer({ user_id: '-7', oauth_id: '7', nick_name: 'Carol', access_token: 'guest-1' }),
      ),
    );
    renderAt('?code=c1&state=s1');
    expect(await screen.findByRole('dialog', { name: '游客注册' })).toBeTruthy();
    expect(getToken()).toBe('guest-1');

    fetchMock.mockResolvedValueOnce(envelope(true));
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/login');
    expect(String(fetchMock.mock.calls[1][0])).toBe('/api/yuan-auth/oauth/logout');
    expect(useSession.getState().token).toBe('');
  });
});
