import DOMPurify from 'dompurify';

/**
 * Rich text as it may stay in the page and in the value: DOMPurify's HTML profile (no script, no event handler,
 * no javascript: link) without style sheets or form controls. The server sanitizes again where it stores HTML.
 */
export function sanitizeRichText(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'select', 'textarea'],
  });
}

/** Rich text with neither words nor pictures counts as empty ('<p><br></p>' is what an emptied editor leaves). */
export function isEmptyRichText(html: unknown): boolean {
  if (typeof html !== 'string') {
    return true;
  }
  if (/<img\b/i.test(html)) {
    return false;
  }
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;/g, ' ')
      .trim() === ''
  );
}
