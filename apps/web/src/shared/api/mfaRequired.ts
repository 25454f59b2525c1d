import type { MfaRequired } from '@yuan/contract';
import { RequestError } from './http.ts';

/**
 * The second step a sign-in answered with instead of a token, or null for any other failure. Kept apart from the
 * second step's calls: the sign-in page loads this at once, and the dialog with its calls only when needed.
 */
export function mfaRequiredOf(error: unknown): MfaRequired | null {
  if (error instanceof RequestError) {
    const body = error.body as Partial<MfaRequired> | null;
    if (body?.error === 'mfa_required' && typeof body.mfa_token === 'string') {
      return body as MfaRequired;
    }
  }
  return null;
}
