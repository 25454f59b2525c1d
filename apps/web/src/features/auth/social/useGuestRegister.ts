import type { TokenResponse } from '@yuan/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RequestError, request } from '../../../shared/api/http.ts';
import { toastError } from '../../../shared/ui/feedback.ts';
import { isValidEmail } from '../../info/validation.ts';
import { type RegisterValues, validateRegister } from '../register/registerForm.ts';

const REGISTER = '/api/yuan-user/register-guest';

export interface GuestValues extends RegisterValues {
  email: string;
}

export type GuestErrors = Partial<Record<keyof GuestValues, string>>;

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
  const [values, setValues] = useState<GuestValues>(() => guestValues(guest));
  const [errors, setErrors] = useState<GuestErrors>({});
  const [submitting, setSubmitting] = useState(false);

  const change = (field: keyof GuestValues) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateGuest(values, t);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      return;
    }
    setSubmitting(true);
    try {
      const answer = await request<{ msg: string }>(REGISTER, {
        method: 'POST',
        silent: true,
        body: {
          ...values,
          tenantId: values.tenantId.trim(),
          account: values.account.trim(),
          email: values.email.trim(),
          oauthId: guest.oauth_id,
        },
      });
      onRegistered(answer.msg || t('social.registered'));
    } catch (error) {
      // As on the register page: the server's message, or 提交失败 when there is none (e.g. the network failed).
      toastError(
        error instanceof RequestError && error.status !== 0 && error.message
          ? error.message
          : t('register.failed'),
      );
    } finally {
      setSubmitting(false);
    }
  };

  return { values, errors, submitting, change, submit };
}
