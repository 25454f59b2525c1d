import type { MfaRequired } from '@yuan/contract';
import { lazy, type ReactNode, Suspense, useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { landingPage } from '../../../app/session/actions.ts';
import { mfaRequiredOf } from '../../../shared/api/mfaRequired.ts';

// The second step's dialog (with passkeys and QR codes) loads only for the sign-ins that need it.
const MfaDialog = lazy(() => import('./MfaDialog.tsx').then((m) => ({ default: m.MfaDialog })));

/**
 * The second sign-in step, for every way of signing in (password, phone, third party): `take` opens it when a
 * sign-in's failure was the demand for it (and says so), `dialog` is what to render.
 */
export function useSecondStep(onSignedIn: () => void, onCancel?: () => void) {
  const [challenge, setChallenge] = useState<MfaRequired | null>(null);
  const cancel = useCallback(() => {
    setChallenge(null);
    onCancel?.();
  }, [onCancel]);
  const take = useCallback((error: unknown) => {
    const found = mfaRequiredOf(error);
    setChallenge(found);
    return found !== null;
  }, []);
  const dialog: ReactNode = challenge ? (
    <Suspense fallback={null}>
      <MfaDialog challenge={challenge} onCancel={cancel} onSignedIn={onSignedIn} />
    </Suspense>
  ) : null;
  return { take, dialog, pending: challenge !== null };
}

/**
 * What a sign-in form does once signed in (its caller's continuation, or the landing page), with the second step
 * that leads there too: one flow for the password and the phone form.
 */
export function useSignInFlow(onSignedIn?: () => void) {
  const navigate = useNavigate();
  const signedIn = async () => {
    if (onSignedIn) {
      onSignedIn();
    } else {
      navigate(await landingPage(), { replace: true });
    }
  };
  const secondStep = useSecondStep(() => void signedIn());
  return { signedIn, secondStep };
}
