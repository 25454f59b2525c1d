/** SPEC §5 phone rules, in order: present, 11 digits, a mainland mobile number. Returns the text key of the failure. */
export function phoneProblem(
  phone: string,
): 'login.phoneEmpty' | 'login.phoneLength' | 'login.phoneFormat' | null {
  const value = phone.trim();
  if (value === '') {
    return 'login.phoneEmpty';
  }
  if (value.length !== 11) {
    return 'login.phoneLength';
  }
  return /^1[3-9]\d{9}$/.test(value) ? null : 'login.phoneFormat';
}

export const RESEND_SECONDS = 60;

/** A texted or e-mailed sign-in code: exactly six digits. Returns the text key of the failure. */
export function codeProblem(code: string): 'login.codeRequired' | null {
  return /^\d{6}$/.test(code.trim()) ? null : 'login.codeRequired';
}
