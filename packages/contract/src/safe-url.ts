/**
 * An address the app may put into a link, an <img> or a <video>, or redirect to: http(s), or a path of this origin
 * ('/oss/…'). Protocol-relative ('//host') and backslash ('/\host') forms leave the origin, and `javascript:` or
 * `data:` never match. As a pattern (plain JSON, for form rules) and as a test.
 */
export const SAFE_URL_PATTERN = '^(https?://[^\\s<>"\'\\\\]+|/(?![/\\\\])[^\\s<>"\'\\\\]*)$';

const SAFE_URL = new RegExp(SAFE_URL_PATTERN);

export function isSafeUrl(value: string): boolean {
  return SAFE_URL.test(value);
}
