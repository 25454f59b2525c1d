// Elements whose content is code or hidden, dropped with what they hold; an unclosed one runs to the end.
const BLOCKS =
  /<(script|style|iframe|object|embed|template|noscript|textarea|title)\b[\s\S]*?(<\/\1\s*>|$)/gi;
// A start or end tag, a comment, a declaration or a processing instruction. A `<` not followed by a letter, `/`, `!`
// or `?` is text ("a < b", "<3").
const MARKUP = /<\/?[a-zA-Z][^<>]*>|<!--[\s\S]*?(-->|$)|<![^<>]*>|<\?[^<>]*>/g;
// Control characters other than tab and line feed.
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/**
 * A chat message as plain text: HTML markup removed (the text is always shown as text, never as HTML), line ends
 * made `\n`, control characters dropped, runs of blank lines shortened, ends trimmed.
 */
export function plainText(input: string): string {
  let text = input.replace(/\r\n?/g, '\n').replace(CONTROL, '');
  // Removing a tag can join the pieces of another (`<<b>script>`): repeat until nothing changes.
  for (let previous = ''; previous !== text; ) {
    previous = text;
    text = text.replace(BLOCKS, '').replace(MARKUP, '');
  }
  return text.replace(/\n{3,}/g, '\n\n').trim();
}
