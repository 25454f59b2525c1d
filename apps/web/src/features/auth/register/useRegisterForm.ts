import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RequestError, request } from '../../../shared/api/http.ts';
import { useBusy } from '../../../shared/hooks/useBusy.ts';
import { toastError } from '../../../shared/ui/feedback.ts';
import type { RegisterValues } from './registerForm.ts';

const REGISTER = '/api/yuan-user/register-guest';

export type FieldErrors<V> = Partial<Record<keyof V, string>>;

/** An input's change event, as antd's Input and Input.Password send it. */
export type FieldChange<V> = (field: keyof V) => (event: { target: { value: string } }) => void;

interface Options<V extends RegisterValues> {
  initial: V | (() => V);
  validate: (values: V, t: (key: string) => string) => FieldErrors<V>;
  /** Sent besides the register page's fields; the trimmed tenant and account are not to be overridden. */
  extraBody?: (values: V) => Record<string, unknown>;
  /** Whether the stored token goes along: a guest's must, as the server links only that session's identity. */
  auth?: boolean;
  /** Called with the server's acknowledgement once the account exists. */
  onRegistered: (message: string) => void;
}

/**
 * The registration form of SPEC §5 (the register page, and the guest dialog with its extra address): values,
 * the checks before sending, and the POST whose refusal is shown as a toast.
 */
export function useRegisterForm<V extends RegisterValues>({
  initial,
  validate,
  extraBody,
  auth,
  onRegistered,
}: Options<V>) {
  const { t } = useTranslation();
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors<V>>({});
  const { busy, run } = useBusy();

  const change: FieldChange<V> = (field) => (event) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate(values, t);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      return;
    }
    await run(async () => {
      try {
        const answer = await request<{ msg: string }>(REGISTER, {
          method: 'POST',
          auth,
          silent: true,
          body: {
            ...values,
            tenantId: values.tenantId.trim(),
            account: values.account.trim(),
            ...extraBody?.(values),
          },
        });
        onRegistered(answer.msg);
      } catch (error) {
        // SPEC §5: the server's message, or 提交失败 when there is none (e.g. the network failed).
        toastError(
          error instanceof RequestError && error.status !== 0 && error.message
            ? error.message
            : t('register.failed'),
        );
      }
    });
  };

  return { values, errors, submitting: busy, change, submit };
}
