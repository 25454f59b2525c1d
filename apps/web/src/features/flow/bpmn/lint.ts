/** One finding of the server's model checker, on the element with this id. */
export interface LintIssue {
  id: string;
  message: string;
  rule?: string;
}

export interface Lint {
  errors: LintIssue[];
  warnings: LintIssue[];
}

export type LintLevel = 'error' | 'warning';

/** A finding as the designer lists and marks it. */
export interface LintItem extends LintIssue {
  level: LintLevel;
}

export const NO_LINT: Lint = { errors: [], warnings: [] };

function isIssue(value: unknown): value is LintIssue {
  if (typeof value !== 'object' || value === null) {
    return false;
  }
  const issue = value as Record<string, unknown>;
  return typeof issue.message === 'string' && (issue.id === undefined || typeof issue.id === 'string');
}

function issues(value: unknown): LintIssue[] {
  return Array.isArray(value) ? value.filter(isIssue).map((issue) => ({ ...issue, id: issue.id ?? '' })) : [];
}

/** The findings of a save's answer; a missing or partial `lint` counts as none. */
export function lintOf(value: unknown): Lint {
  if (typeof value !== 'object' || value === null) {
    return NO_LINT;
  }
  const lint = value as Record<string, unknown>;
  return { errors: issues(lint.errors), warnings: issues(lint.warnings) };
}

/**
 * The errors of a refused deployment: its envelope's `data` is the list of errors (or, from an older server, a
 * `{errors, warnings}` object). Anything else gives none, and the refusal's message is all there is to show.
 */
export function lintOfRefusal(body: unknown): Lint {
  if (typeof body !== 'object' || body === null) {
    return NO_LINT;
  }
  const data = (body as Record<string, unknown>).data;
  return Array.isArray(data) ? { errors: issues(data), warnings: [] } : lintOf(data);
}

/** What tells two findings apart (the same rule may find several things on one element). */
export function lintKey(item: LintItem): string {
  return `${item.level}|${item.id}|${item.rule ?? ''}|${item.message}`;
}

/** Errors first, then warnings, each in the checker's order; a finding reported twice is listed once. */
export function lintItems(lint: Lint): LintItem[] {
  const all: LintItem[] = [
    ...lint.errors.map((issue) => ({ ...issue, level: 'error' as const })),
    ...lint.warnings.map((issue) => ({ ...issue, level: 'warning' as const })),
  ];
  const seen = new Set<string>();
  return all.filter((item) => {
    const key = lintKey(item);
    if (seen.has(key)) {
      return false;
    }
    seen.add(key);
    return true;
  });
}

/** The worst level per element id: an element with an error and a warning is marked as an error. */
export function lintLevels(items: LintItem[]): Map<string, LintLevel> {
  const levels = new Map<string, LintLevel>();
  for (const item of items) {
    if (item.id && levels.get(item.id) !== 'error') {
      levels.set(item.id, item.level);
    }
  }
  return levels;
}
