import { uploadFile } from '../../../shared/api/files.ts';
import { call } from '../../../shared/api/http.ts';

const USER = '/api/yuan-user';
const PUT_FILE = '/api/yuan-resource/oss/endpoint/put-file';

/** GET user/info: the caller's own record (the fields the profile uses). */
export interface ProfileInfo {
  id: string;
  account: string;
  name: string | null;
  realName: string | null;
  avatar: string | null;
  email: string | null;
  phone: string | null;
}

/** The body of POST user/update-info (the server's schema is strict: exactly these keys). */
export interface ProfileValues {
  avatar: string;
  realName: string;
  name: string;
  phone: string;
  email: string;
}

export interface PasswordValues {
  oldPassword: string;
  newPassword: string;
  newPassword1: string;
}

interface PutFileResult {
  link: string;
  name: string;
  originalName: string;
  attachId: string;
}

export function fetchProfile(): Promise<ProfileInfo> {
  return call<ProfileInfo>(`${USER}/info`);
}

export function saveProfile(values: ProfileValues): Promise<boolean> {
  return call<boolean>(`${USER}/update-info`, { method: 'POST', body: values });
}

/**
 * Uploads an avatar; kind=avatar makes the server allow only JPG/PNG of at most 500 KB, judged by content. Silent,
 * because the form shows the refusal beside the avatar instead of a toast.
 */
export async function uploadAvatar(file: File): Promise<string> {
  const result = await uploadFile<PutFileResult>(PUT_FILE, file, file.name, {
    params: { kind: 'avatar' },
    silent: true,
  });
  return result.link;
}

export function changePassword(values: PasswordValues): Promise<boolean> {
  return call<boolean>(`${USER}/update-password`, { method: 'POST', body: values });
}
