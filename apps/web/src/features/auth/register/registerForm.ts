import { DEFAULT_TENANT_ID } from '@yuan/contract/constants';

export interface RegisterValues {
  tenantId: string;
  name: string;
  account: string;
  password: string;
  password2: string;
}

export type RegisterErrors = Partial<Record<keyof RegisterValues, string>>;

export const EMPTY_REGISTER: RegisterValues = {
  tenantId: DEFAULT_TENANT_ID,
  name: '',
  account: '',
  password: '',
  password2: '',
};

/** The checks of SPEC §5 in their order; `t` gives the texts. */
export function validateRegister(values: RegisterValues, t: (key: string) => string): RegisterErrors {
  const errors: RegisterErrors = {};
  if (!values.tenantId.trim()) {
    errors.tenantId = t('register.tenantRequired');
  }
  if (!values.account.trim()) {
    errors.account = t('register.accountRequired');
  }
  if (!values.password) {
    errors.password = t('register.passwordRequired');
  }
  if (values.password2 !== values.password) {
    errors.password2 = t('register.mismatch');
  }
  return errors;
}
