import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetRequestGuards } from '../../../shared/api/http.ts';
import { initI18n } from '../../../shared/i18n/index.ts';
import { bindFeedback } from '../../../shared/ui/feedback.ts';
import { renderInApp } from '../../../test/renderScreen.tsx';
import { PasswordForm } from './PasswordForm.tsx';

initI18n();

function renderForm() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderInApp(
    <QueryClientProvider client={client}>
      <PasswordForm formName="test-password" />
    </QueryClientProvider>,
  );
}

const ok = () =>
  vi.fn<typeof fetch>(
    async () =>
      new Response(JSON.stringify({ code: 200, success: true, msg: '操作成功', data: true }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      }),
  );

const feedback = { error: vi.fn(), success: vi.fn(), warning: vi.fn() };

beforeEach(() => {
  bindFeedback(feedback);
  resetRequestGuards();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

/** Fills a field in one step (typing character by character is slow under jsdom with antd's styles). */
function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

// antd's first render under jsdom is slow on a busy machine.
describe('change password form', { timeout: 30_000 }, () => {
  it('requires every field', async () => {
    const fetchMock = ok();
    vi.stubGlobal('fetch', fetchMock);
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByText('请输入原密码')).toBeTruthy();
    expect(screen.getByText('请输入新密码')).toBeTruthy();
    expect(screen.getByText('请输入确认密码')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses a confirmation that differs from the new password', async () => {
    const fetchMock = ok();
    vi.stubGlobal('fetch', fetchMock);
    renderForm();
    fill('原密码', 'old-secret');
    fill('新密码', 'new-secret');
    fill('确认密码', 'other-secret');
    await userEvent.type(screen.getByLabelText('确认密码'), '{Enter}');
    expect(await screen.findByText('两次密码输入不一致')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('submits with Enter, says 修改成功 and clears the fields', async () => {
    const fetchMock = ok();
    vi.stubGlobal('fetch', fetchMock);
    renderForm();
    fill('原密码', 'old-secret');
    fill('新密码', 'new-secret');
    fill('确认密码', 'new-secret');
    await userEvent.type(screen.getByLabelText('确认密码'), '{Enter}');
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('修改成功'));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toBe('/api/yuan-user/update-password');
    expect(JSON.parse(String(init?.body))).toEqual({
      oldPassword: 'old-secret',
      newPassword: 'new-secret',
      newPassword1: 'new-secret',
    });
    await waitFor(() => expect((screen.getByLabelText('原密码') as HTMLInputElement).value).toBe(''));
  });
});
