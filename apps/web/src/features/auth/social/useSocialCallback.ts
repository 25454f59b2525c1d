// The package root, not its auth module: its chunk is the one the layout loads next, so '/' costs nothing more.
import { isGuestUserId, type TokenResponse } from '@yuan/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { landingPage, socialLogin } from '../../../app/session/actions.ts';

export type SocialOutcome =
  | { kind: 'pending' }
  /** The provider's sign-in was right and the tenant asks for the second step (its dialog is on screen). */
  | { kind: 'second' }
  | { kind: 'failed'; message: string }
  | { kind: 'guest'; guest: TokenResponse };

/**
 * The provider's answer on /oauth/social: its code and state are exchanged for tokens. A user goes to the landing
 * page (landingPage); a guest (no linked user) stays for the registration dialog; a refusal at the provider or a
 * failed exchange fails.
 */
export function useSocialCallback(takeSecondStep: (error: unknown) => boolean): SocialOutcome {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const state = params.get('state') ?? '';
  const refused = params.get('error_description') || params.get('error') || '';
  const [outcome, setOutcome] = useState<SocialOutcome>(() => {
    if (refused) {
      return { kind: 'failed', message: refused };
    }
    return code && state ? { kind: 'pending' } : { kind: 'failed', message: t('social.noCode') };
  });
  const started = useRef(false);

  useEffect(() => {
    // The code is single use: a second exchange (a re-run effect) would fail and replace the first answer.
    if (started.current || refused || !code || !state) {
      return;
    }
    started.current = true;
    socialLogin(code, state).then(
      async (response) => {
        if (isGuestUserId(response.user_id)) {
          setOutcome({ kind: 'guest', guest: response });
        } else {
          navigate(await landingPage(), { replace: true });
        }
      },
      (error: unknown) => {
        if (takeSecondStep(error)) {
          setOutcome({ kind: 'second' });
          return;
        }
        const message = error instanceof Error && error.message ? error.message : t('social.failed');
        setOutcome({ kind: 'failed', message });
      },
    );
  }, [code, state, refused, navigate, t, takeSecondStep]);

  return outcome;
}
