import type { SsoAuthorize } from '@yuan/contract';
import { useState } from 'react';
import { checkEmailVerifyCode, ssoAuthorize } from '../../../shared/api/auth.ts';
import { useBusy } from '../../../shared/hooks/useBusy.ts';

export interface SsoChallenge {
  ssoCode: string;
  email: string;
}

/**
 * Authorizing an application: the answer is its redirect (carrying the one-time code), or a challenge when the
 * tenant wants an e-mailed code first. Failures are shown by the request client with the server's message.
 */
export function useSsoAuthorize(request: SsoAuthorize) {
  const [challenge, setChallenge] = useState<SsoChallenge | null>(null);
  const { busy, run } = useBusy();
  const [leaving, setLeaving] = useState(false);

  const go = (url: string) => {
    // The buttons stay disabled while the browser leaves: a second click would spend another code.
    setLeaving(true);
    window.location.assign(url);
  };

  const authorize = () =>
    run(async () => {
      const answer = await ssoAuthorize(request);
      if ('redirect' in answer) {
        go(answer.redirect);
      } else {
        setChallenge(answer);
      }
    });

  const confirm = (verCode: string) =>
    run(async () => {
      if (!challenge) {
        return;
      }
      const answer = await checkEmailVerifyCode({ verCode, ssoCode: challenge.ssoCode });
      go(answer.redirect);
    });

  return { challenge, busy: busy || leaving, authorize, confirm };
}
