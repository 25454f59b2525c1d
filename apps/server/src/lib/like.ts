/**
 * The LIKE pattern of a search text matched anywhere in a column, its wildcards taken literally (a search for "50%"
 * finds the text "50%", not every text with a 50 in it).
 */
export const containing = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** At most this many parts of a search text go to a trigram index (each adds its posting lists to the search). */
const PARTS_MAX = 3;

/**
 * The parts of a search text a trigram index finds its rows by (decision 0059): its runs of three or more letters or
 * digits, longest first, when it also holds anything else (a space, a dash). pg_trgm pads each word with spaces, so
 * a text across words gives trigrams such as "em " (any word ending in "em") or "  1" (any word starting with 1),
 * which most rows of a column may hold: the index then decodes a posting list of nearly every row on each search.
 * A row holding the whole text holds each part, so the parts find a superset of the matches, the whole text checks
 * them. None when the text is one run, or has no run long enough to make a trigram: it is searched as it is.
 */
export function searchParts(text: string): string[] {
  const runs = text.match(/[\p{L}\p{N}]+/gu) ?? [];
  if (runs.length === 1 && runs[0] === text) {
    return [];
  }
  return [...new Set(runs)]
    .filter((run) => run.length >= 3)
    .sort((a, b) => b.length - a.length)
    .slice(0, PARTS_MAX)
    .map(containing);
}
