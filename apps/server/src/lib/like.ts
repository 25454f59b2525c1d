/**
 * The LIKE pattern of a search text matched anywhere in a column, its wildcards taken literally (a search for "50%"
 * finds the text "50%", not every text with a 50 in it).
 */
export const containing = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
