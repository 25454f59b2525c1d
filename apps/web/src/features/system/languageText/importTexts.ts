import type { TextMap, TextRow, TextValues } from './api.ts';

/** What importing one file into one language does, key by key. */
export interface ImportPlan {
  create: TextValues[];
  update: { id: string; values: TextValues }[];
  unchanged: number;
}

export interface ImportSummary {
  created: number;
  updated: number;
  unchanged: number;
  failed: { key: string; message: string }[];
}

export interface ImportCalls {
  create: (values: TextValues) => Promise<unknown>;
  update: (id: string, values: TextValues) => Promise<unknown>;
}

/**
 * Reads an exported file: a JSON object of string texts. Returns null for anything else, so a wrong file changes
 * nothing instead of importing part of it.
 */
export function parseTextFile(content: string): TextMap | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return null;
  }
  const texts: TextMap = {};
  for (const [key, value] of Object.entries(parsed)) {
    if (typeof value !== 'string' || key.trim() === '') {
      return null;
    }
    texts[key.trim()] = value;
  }
  return texts;
}

/** Missing keys are created, changed texts updated, equal ones left alone. */
export function planImport(texts: TextMap, language: string, existing: TextRow[]): ImportPlan {
  const byKey = new Map(existing.filter((row) => row.language === language).map((row) => [row.i18nKey, row]));
  const plan: ImportPlan = { create: [], update: [], unchanged: 0 };
  for (const [i18nKey, i18nText] of Object.entries(texts)) {
    const values = { i18nKey, language, i18nText };
    const row = byKey.get(i18nKey);
    if (!row) {
      plan.create.push(values);
    } else if (row.i18nText !== i18nText) {
      plan.update.push({ id: row.id, values });
    } else {
      plan.unchanged += 1;
    }
  }
  return plan;
}

export function planSize(plan: ImportPlan): number {
  return plan.create.length + plan.update.length;
}

/**
 * Runs the plan one call at a time (a burst would take several of the server's connections from other users for
 * no gain), reporting progress after each call. A refused text (e.g. too long) is listed in the summary and the
 * import goes on.
 */
export async function runImport(
  plan: ImportPlan,
  calls: ImportCalls,
  onProgress: (done: number, total: number) => void = () => undefined,
): Promise<ImportSummary> {
  const summary: ImportSummary = { created: 0, updated: 0, unchanged: plan.unchanged, failed: [] };
  const total = planSize(plan);
  let done = 0;
  const attempt = async (values: TextValues, send: () => Promise<unknown>, ok: () => void) => {
    try {
      await send();
      ok();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      summary.failed.push({ key: values.i18nKey, message });
    }
    done += 1;
    onProgress(done, total);
  };
  for (const values of plan.create) {
    await attempt(
      values,
      () => calls.create(values),
      () => {
        summary.created += 1;
      },
    );
  }
  for (const { id, values } of plan.update) {
    await attempt(
      values,
      () => calls.update(id, values),
      () => {
        summary.updated += 1;
      },
    );
  }
  return summary;
}
