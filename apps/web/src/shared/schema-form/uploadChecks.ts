import type { FormField } from '@yuan/contract/lowcode/form-json';
import { PUT_FILE_PATH } from '../api/putFile.ts';
import type { Translate } from './types.ts';

/** Does the file match the accept list ('.png,.jpg', 'image/*', 'application/pdf')? No list accepts all. */
export function accepts(file: { name: string; type: string }, accept: string | undefined): boolean {
  const entries = (accept ?? '')
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
  if (entries.length === 0) {
    return true;
  }
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase();
  return entries.some((entry) =>
    entry.startsWith('.')
      ? name.endsWith(entry)
      : entry.endsWith('/*')
        ? type.startsWith(entry.slice(0, -1))
        : type === entry,
  );
}

/**
 * Why a chosen file may not be uploaded, or null: its type, its size over `filesize` KB, or the `limit` of files
 * reached (`held` = files already in the field or on their way).
 */
export function refusalOf(
  file: { name: string; type: string; size: number },
  field: FormField,
  held: number,
  t: Translate,
): string | null {
  if (!accepts(file, field.accept)) {
    return t('schemaForm.badType', { name: file.name, accept: field.accept ?? '' });
  }
  if (field.filesize && file.size > field.filesize * 1024) {
    return t('schemaForm.tooLarge', { name: file.name, size: field.filesize });
  }
  if (field.multiple !== false && field.limit && held >= field.limit) {
    return t('schemaForm.tooMany', { limit: field.limit });
  }
  return null;
}

/**
 * Where an upload field posts: its `action` when that is one of this server's API paths, else put-file. The call
 * carries the caller's token, so a form's JSON must not send it to another origin.
 */
export function uploadPath(action: string | undefined): string {
  return action && /^\/api\/[A-Za-z0-9/_.-]+$/.test(action) && !action.includes('..')
    ? action
    : PUT_FILE_PATH;
}
