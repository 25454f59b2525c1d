import type { TokenResponse } from '@yuan/contract';
import { useTranslation } from 'react-i18next';
import { isValidEmail } from '../../info/profile/validation.ts';
import { type RegisterValues, validateRegister } from '../register/registerForm.ts';
import { type FieldErrors, useRegisterForm } from '../register/useRegisterForm.ts';

export interface GuestValues extends RegisterValues {
  email: string;
}

export type GuestErrors = FieldErrors<GuestValues>;

/** The form starts from what the provider told about the guest: its tenant, nickname and e-mail address. */
export function guestValues(guest: TokenResponse): GuestValues {
  return {
    tenantId: guest.tenant_id,
    name: guest.nick_name ?? '',
    account: '',
    password: '',
    password2: '',
    email: guest.email ?? '',
  };
}

/** The register page's checks, then the address (optional, as the server allows ''). */
export function validateGuest(values: GuestValues, t: (key: string) => string): GuestErrors {
  const errors: GuestErrors = validateRegister(values, t);
  if (!isValidEmail(values.email)) {
    errors.email = t('register.emailInvalid');
  }
  return errors;
}

/**
 * The guest registration form. It is sent with the guest's token: the server links the third-party identity
 * (`oauthId`) to the new account only for the guest session of that very identity.
 */
export function useGuestRegister(guest: TokenResponse, onRegistered: (message: string) => void) {
  const { t } = useTranslation();
  return useRegisterForm<GuestValues>({
    initial: () => guestValues(guest),
    validate: validateGuest,
    extraBody: (values) => ({ email: values.email.trim(), oauthId: guest.oauth_id }),
    onRegistered: (message) => onRegistered(message || t('social.registered')),
  });
}
