import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetRequestGuards } from '../../../shared/api/http.ts';
import { initI18n } from '../../../shared/i18n/index.ts';
import { renderInApp } from '../../../test/renderScreen.tsx';
import { ProfileForm } from './ProfileForm.tsx';

initI18n();

const profile = {
  id: '1',
  account: 'admin',
  name: 'Admin',
  realName: '管理员',
  avatar: '',
  email: 'admin@example.com',
  phone: '13812345678',
};

beforeEach(() => {
  resetRequestGuards();
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(
      async () =>
        new Response(JSON.stringify({ code: 200, success: true, msg: '操作成功', data: profile }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
    ),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('profile form', () => {
  it('shows the SPEC §5 phone messages when the phone field is left', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    renderInApp(
      <QueryClientProvider client={client}>
        <ProfileForm />
      </QueryClientProvider>,
    );
    const phone = await screen.findByLabelText('手机号');
    const leaveWith = async (value: string) => {
      await userEvent.clear(phone);
      if (value) {
        await userEvent.type(phone, value);
      }
      fireEvent.blur(phone);
    };
    await leaveWith('1381234567');
    // findByText fails the test when the message does not appear.
    await screen.findByText('手机号码长度不为11位');
    await leaveWith('23812345678');
    await screen.findByText('手机号码格式不正确');
    expect(screen.queryByText('手机号码长度不为11位')).toBeNull();
    await leaveWith('13812345679');
    await vi.waitFor(() => {
      expect(screen.queryByText('手机号码格式不正确')).toBeNull();
    });
  });
});
