import type { Language } from '@yuan/contract';
import { type MessageKey, message } from '@yuan/contract/messages';

const LANGUAGES: readonly Language[] = ['zh', 'en'];
/** A number no real count takes, to find where the count sits in the catalogue's text. */
const MARK = 987_654_321_012;

/** Whether a server message is this catalogue entry (one without parameters), in either language. */
export function isServerMessage(text: string, key: MessageKey): boolean {
  return LANGUAGES.some((lang) => message(lang, key) === text);
}

/**
 * The row count in the server's refusal to drop an entity's table ("实体表中有{rows}行数据…"), in either language;
 * null for any other message (a reference, a missing entity), which is shown as it is.
 */
export function dropRowsOf(text: string): number | null {
  for (const lang of LANGUAGES) {
    const [before = '', after = ''] = message(lang, 'entity.confirmDrop', { rows: MARK }).split(String(MARK));
    if (text.length > before.length + after.length && text.startsWith(before) && text.endsWith(after)) {
      const count = text.slice(before.length, text.length - after.length);
      if (/^\d+$/.test(count)) {
        return Number(count);
      }
    }
  }
  return null;
}
