import { AVATAR_MAX_BYTES } from '@yuan/contract/constants';
import { z } from 'zod';

/** Text keys of the checks below (profile.* in the i18n files). */
export type PhoneProblem = 'profile.phoneRequired' | 'profile.phoneLength' | 'profile.phoneFormat';
export type AvatarProblem = 'profile.avatarType' | 'profile.avatarSize';

const PHONE_LENGTH = 11;
/** Mainland mobile numbers: 1, a second digit 3–9, nine more digits. */
const MOBILE = /^1[3-9]\d{9}$/;

/**
 * The phone rule of SPEC §5: non-empty (手机号码不能为空) only when required, then 11 characters (手机号码长度不为11位),
 * then the mobile format (手机号码格式不正确). The profile's phone is optional, so an empty one passes there.
 */
export function phoneProblem(value: string | undefined, required = false): PhoneProblem | null {
  const phone = (value ?? '').trim();
  if (phone === '') {
    return required ? 'profile.phoneRequired' : null;
  }
  if (phone.length !== PHONE_LENGTH) {
    return 'profile.phoneLength';
  }
  return MOBILE.test(phone) ? null : 'profile.phoneFormat';
}

// The server checks the address with zod's email rule; the browser uses the same one so both agree.
const EMAIL = z.email();

/** An empty address is allowed (the server accepts ''); anything else must be an email address. */
export function isValidEmail(value: string | undefined): boolean {
  const email = (value ?? '').trim();
  return email === '' || EMAIL.safeParse(email).success;
}

const AVATAR_EXTENSIONS = new Set(['jpg', 'jpeg', 'png']);
const AVATAR_TYPES = new Set(['image/jpeg', 'image/png']);

/**
 * SPEC §5/§9: avatars are JPG or PNG of at most 500 KB. Checked before sending so a wrong file costs no upload; the
 * server checks again by content. A missing MIME type (some systems give none) is judged by the extension alone.
 */
export function avatarProblem(file: Pick<File, 'name' | 'type' | 'size'>): AvatarProblem | null {
  const extension = (file.name.split('.').pop() ?? '').toLowerCase();
  const typeOk = file.type === '' || AVATAR_TYPES.has(file.type.toLowerCase());
  if (!file.name.includes('.') || !AVATAR_EXTENSIONS.has(extension) || !typeOk) {
    return 'profile.avatarType';
  }
  return file.size > AVATAR_MAX_BYTES ? 'profile.avatarSize' : null;
}

/** The confirmation must repeat the new password exactly (两次密码输入不一致 otherwise); empty is left to "required". */
export function confirmMatches(newPassword: string | undefined, confirm: string | undefined): boolean {
  return !confirm || confirm === newPassword;
}
