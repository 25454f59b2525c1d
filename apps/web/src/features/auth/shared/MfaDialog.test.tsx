import type { MfaRequired } from '@yuan/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetRequestGuards } from '../../../shared/api/http.ts';
import { initI18n } from '../../../shared/i18n/index.ts';
import { bindFeedback } from '../../../shared/ui/feedback.ts';
import { useSession } from '../../../stores/session.ts';
import { renderInApp } from '../../../test/renderScreen.tsx';
import { jsonResponse as json, tokenAnswer } from '../../../test/responses.ts';
import { MfaDialog } from './MfaDialog.tsx';

initI18n();

const feedback = { error: vi.fn(), success: vi.fn(), warning: vi.fn() };
const challenge = (extra: Partial<MfaRequired> = {}): MfaRequired => ({
  error: 'mfa_required',
  error_description: '请完成第二步验证',
  mfa_token: '000000.abc',
  methods: ['totp', 'recovery_code'],
  ...extra,
});

/** The query of the last call to the token endpoint. */
const tokenQuery = (fetchMock: ReturnType<typeof vi.fn>) => {
  const call =
    fetchMock.mock.calls
      .map((c) => String(c[0]))
      .filter((u) => u.includes('/oauth/token'))
      .at(-1) ?? '';
  return new URL(call, 'http://x').searchParams;
};

beforeEach(() => {
  bindFeedback(feedback);
  resetRequestGuards();
  useSession.getState().clear();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  await i18next.changeLanguage('zh');
});

describe('second sign-in step', { timeout: 30_000 }, () => {
  it('sends the authenticator code with the step token, then stores the session', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => json(tokenAnswer()));
    vi.stubGlobal('fetch', fetchMock);
    const onSignedIn = vi.fn();
    renderInApp(<MfaDialog challenge={challenge()} onSignedIn={onSignedIn} onCancel={vi.fn()} />);
    expect(screen.getByText('两步验证')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('6 位验证码'), { target: { value: '123456' } });
    await userEvent.click(screen.getByRole('button', { name: /^验\s?证$/ }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    const query = tokenQuery(fetchMock);
    expect(query.get('grant_type')).toBe('mfa');
    expect(query.get('mfa_token')).toBe('000000.abc');
    expect(query.get('otp')).toBe('123456');
    expect(useSession.getState().token).toBe('access-1');
  });

  it('takes a recovery code instead, and offers a passkey only when the user has one', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => json(tokenAnswer()));
    vi.stubGlobal('fetch', fetchMock);
    renderInApp(<MfaDialog challenge={challenge()} onSignedIn={vi.fn()} onCancel={vi.fn()} />);
    expect(screen.queryByRole('button', { name: /使用通行密钥/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '使用恢复码' }));
    fireEvent.change(screen.getByLabelText('恢复码'), { target: { value: 'abcde-fghij' } });
    await userEvent.click(screen.getByRole('button', { name: /^验\s?证$/ }));
    await waitFor(() => expect(tokenQuery(fetchMock).get('recovery_code')).toBe('abcde-fghij'));
    expect(tokenQuery(fetchMock).get('otp')).toBeNull();
  });

  it('keeps the dialog open and empties the code when the server refuses it', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () =>
      json({ error: 'invalid_grant', error_description: '验证码错误或已使用' }, 400),
    );
    vi.stubGlobal('fetch', fetchMock);
    const onSignedIn = vi.fn();
    renderInApp(
      <MfaDialog
        challenge={challenge({ methods: ['totp', 'passkey'] })}
        onSignedIn={onSignedIn}
        onCancel={vi.fn()}
      />,
    );
    expect(screen.getByRole('button', { name: /使用通行密钥/ })).toBeTruthy();
    const input = screen.getByLabelText('6 位验证码') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '000000' } });
    await userEvent.click(screen.getByRole('button', { name: /^验\s?证$/ }));
    await waitFor(() => expect(feedback.error).toHaveBeenCalledWith('验证码错误或已使用'));
    expect(input.value).toBe('');
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(useSession.getState().token).toBe('');
  });

  it('leads a user who must add a factor through setup and shows the recovery codes once (en)', async () => {
    await i18next.changeLanguage('en');
    const codes = Array.from({ length: 10 }, (_, i) => `code${i}-xxxxx`);
    const fetchMock = vi.fn<typeof fetch>(async (input) =>
      String(input).includes('totp-setup')
        ? json({
            secret: 'JBSWY3DPEHPK3PXP',
            otpauthUrl: 'otpauth://totp/Yuan%20Admin:alice?secret=JBSWY3DPEHPK3PXP',
          })
        : json(tokenAnswer({ recovery_codes: codes })),
    );
    vi.stubGlobal('fetch', fetchMock);
    const onSignedIn = vi.fn();
    renderInApp(
      <MfaDialog
        challenge={challenge({ methods: ['totp'], setup: true })}
        onSignedIn={onSignedIn}
        onCancel={vi.fn()}
      />,
    );
    expect(screen.getByText('Set up two-step verification')).toBeTruthy();
    expect(await screen.findByText('JBSWY3DPEHPK3PXP')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('6-digit code'), { target: { value: '654321' } });
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Save your recovery codes')).toBeTruthy();
    expect(screen.getByText('code3-xxxxx')).toBeTruthy();
    // Not signed in until the codes were seen.
    expect(useSession.getState().token).toBe('');
    await userEvent.click(screen.getByRole('button', { name: 'I saved them, continue' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(useSession.getState().token).toBe('access-1');
  });
});
