import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { saveTokens } from '../../../shared/auth/token.ts';
import { initI18n } from '../../../shared/i18n/index.ts';
import { useSession } from '../../../stores/session.ts';
import { renderRoute } from '../../../test/renderScreen.tsx';
import { setUpRequests } from '../../../test/requestHarness.ts';
import { envelope, jsonResponse, tokenAnswer } from '../../../test/responses.ts';
import { AuthorizePage } from './AuthorizePage.tsx';

initI18n();

const QUERY = '?client_id=wallet&redirect_uri=https%3A%2F%2Fwallet.example%2Fcb&state=xyz&response_type=code';
const { fetchMock, toast } = setUpRequests();

function renderAt(search: string) {
  return renderRoute('/oauth/authorize', <AuthorizePage />, search);
}

function signIn() {
  saveTokens('access-1', 'refresh-1');
  useSession.setState({ token: 'access-1', userInfo: tokenAnswer({ account: 'alice' }) });
}

function sentBody(index: number): unknown {
  return JSON.parse(String(fetchMock.mock.calls[index][1]?.body));
}

beforeEach(() => {
  useSession.setState({ token: '', userInfo: null });
});

describe('single sign-on page', () => {
  it('refuses a request without client_id or redirect_uri', () => {
    renderAt('?client_id=wallet');
    expect(screen.getByText('授权请求无效')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for the e-mailed code when the answer has an ssoCode, and checks it has six digits', async () => {
    signIn();
    renderAt(QUERY);
    expect(screen.getByText('应用 wallet 请求使用您的账号 alice 登录')).toBeTruthy();

    fetchMock.mockResolvedValueOnce(envelope({ ssoCode: 'sso-1', email: 'a***@example.com' }));
    fireEvent.click(screen.getByRole('button', { name: '授权登录' }));
    expect(await screen.findByText('验证码已发送至 a***@example.com')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/yuan-auth/oauth/authorize');
    expect(new Headers(init?.headers).get('Blade-Auth')).toBe('bearer access-1');
    expect(sentBody(0)).toEqual({
      client_id: 'wallet',
      redirect_uri: 'https://wallet.example/cb',
      state: 'xyz',
      response_type: 'code',
    });

    const code = screen.getByLabelText('邮箱验证码');
    fireEvent.change(code, { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: '确认' }));
    expect(await screen.findByText('请输入6位验证码')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    fetchMock.mockResolvedValueOnce(
      jsonResponse({ code: 400, success: false, msg: '验证码不正确或已过期', data: null }, 400),
    );
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: '确认' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('验证码不正确或已过期'));
    expect(String(fetchMock.mock.calls[1][0])).toBe('/api/yuan-auth/oauth/checkEmailVerifyCode');
    expect(sentBody(1)).toEqual({ verCode: '123456', ssoCode: 'sso-1' });
  });

  it('goes home on cancel without calling the server', async () => {
    signIn();
    renderAt(QUERY);
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('signs in on the page and stays for the consent', async () => {
    renderAt(QUERY);
    expect(screen.getByText('应用 wallet 请求使用您的账号登录，请先登录')).toBeTruthy();
    fetchMock.mockResolvedValueOnce(jsonResponse(tokenAnswer({ account: 'alice' })));
    fireEvent.change(screen.getByLabelText('账号'), { target: { value: 'alice' } });
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'secret1' } });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByRole('button', { name: '授权登录' })).toBeTruthy();
    expect(screen.getByText('应用 wallet 请求使用您的账号 alice 登录')).toBeTruthy();
    expect(screen.queryByTestId('where')).toBeNull();
    // A third-party sign-in would leave the page, so the provider list is not even asked for.
    expect(fetchMock.mock.calls.map(([url]) => String(url).split('?')[0])).toEqual([
      '/api/yuan-auth/oauth/token',
    ]);
  });
});
