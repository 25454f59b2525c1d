import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { TokenResponse } from '@yuan/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { saveTokens } from '../../../shared/auth/token.ts';
import { initI18n } from '../../../shared/i18n/index.ts';
import { renderInApp } from '../../../test/renderScreen.tsx';
import { setUpRequests } from '../../../test/requestHarness.ts';
import { envelope, jsonResponse, tokenAnswer } from '../../../test/responses.ts';
import { GuestRegisterDialog } from './GuestRegisterDialog.tsx';

initI18n();

const guest = tokenAnswer({
  user_id: '-42',
  account: '',
  nick_name: 'Carol',
  tenant_id: '000000',
  oauth_id: '42',
  email: 'carol@example.com',
  access_token: 'guest-token',
});
const { fetchMock, toast } = setUpRequests();

function renderDialog(onDone: () => void = () => undefined, who: TokenResponse = guest) {
  return renderInApp(<GuestRegisterDialog guest={who} onDone={onDone} />);
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

beforeEach(() => {
  saveTokens('guest-token', 'guest-refresh');
});

describe('guest registration dialog', () => {
  it('opens titled 游客注册 with the tenant, nickname and e-mail of the sign-in', () => {
    renderDialog();
    expect(screen.getByRole('dialog', { name: '游客注册' })).toBeTruthy();
    const tenant = screen.getByLabelText('租户编号') as HTMLInputElement;
    expect(tenant.value).toBe('000000');
    expect(tenant.readOnly).toBe(true);
    expect((screen.getByLabelText('用户姓名') as HTMLInputElement).value).toBe('Carol');
    expect((screen.getByLabelText('邮箱') as HTMLInputElement).value).toBe('carol@example.com');
    expect((screen.getByLabelText('账号名称') as HTMLInputElement).value).toBe('');
  });

  it('refuses different passwords and a malformed address without calling the server', async () => {
    renderDialog();
    fill('账号名称', 'carol');
    fill('密码', 'secret1');
    fill('确认密码', 'secret2');
    fill('邮箱', 'not-an-address');
    fireEvent.click(screen.getByRole('button', { name: '注册' }));
    expect(await screen.findByText('两次密码输入不一致')).toBeTruthy();
    expect(screen.getByText('请输入正确的邮箱地址')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('posts the form with the oauthId and the guest token, then shows the answer and leaves on OK', async () => {
    fetchMock.mockResolvedValueOnce(
      envelope({ tenantId: '000000', account: 'carol' }, '注册成功，请等待管理员审核'),
    );
    const onDone = vi.fn();
    renderDialog(onDone);
    fill('账号名称', ' carol ');
    fill('密码', 'secret1');
    fill('确认密码', 'secret1');
    fireEvent.click(screen.getByRole('button', { name: '注册' }));

    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/yuan-user/register-guest');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('Blade-Auth')).toBe('bearer guest-token');
    expect(JSON.parse(String(init?.body))).toEqual({
      tenantId: '000000',
      name: 'Carol',
      account: 'carol',
      password: 'secret1',
      password2: 'secret1',
      email: 'carol@example.com',
      oauthId: '42',
    });

    // antd titles a dialog twice (a hidden header for its label and the visible confirm title).
    expect((await screen.findAllByText('注册成功，请等待管理员审核')).length).toBeGreaterThan(0);
    expect(onDone).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
  });

  it("shows the server's refusal and stays open", async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ code: 400, success: false, msg: '第三方账号不存在或已绑定', data: null }, 400),
    );
    renderDialog();
    fill('账号名称', 'carol');
    fill('密码', 'secret1');
    fill('确认密码', 'secret1');
    fireEvent.click(screen.getByRole('button', { name: '注册' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('第三方账号不存在或已绑定'));
    expect(screen.getByRole('dialog', { name: '游客注册' })).toBeTruthy();
  });

  it('leaves when the guest cancels', () => {
    const onDone = vi.fn();
    renderDialog(onDone);
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    expect(onDone).toHaveBeenCalledTimes(1);
  });
});
