import { encodeMessage, type Resource } from '@yuan/contract';
import type { CrudRepo, Row } from '../../../lib/crud/crud.repo.ts';
import type { AuthContext } from '../../../types.ts';

/** One refused value: the field and its encoded message. */
export interface LinkProblem {
  field: string;
  message: string;
}

export interface LinkSources {
  /** The keys of a business dictionary of the caller's tenant. */
  dictKeys(ctx: AuthContext, code: string): Promise<Set<string>>;
  /** The repo of a referenced entity's table. */
  repoOf(ctx: AuthContext, entId: string): Promise<CrudRepo>;
}

/** Whether a field holds a value (an empty text is none). */
export const filled = (v: unknown) => v !== undefined && v !== null && v !== '';

/**
 * The values of `rows` that name something that is not there: a dictionary field's value that is not one of the
 * dictionary's keys, a reference to no live row of the referenced entity. Read once per field for all the rows (an
 * import checks a batch at a time). Answers each refused row's problems by its index.
 */
export async function linkProblems(
  ctx: AuthContext,
  res: Resource,
  rows: Row[],
  sources: LinkSources,
): Promise<Map<number, LinkProblem[]>> {
  const problems = new Map<number, LinkProblem[]>();
  const add = (
    index: number,
    field: string,
    key: 'lowcode.notInDict' | 'lowcode.refMissing',
    value: unknown,
  ) => {
    const label = res.labels[field] ?? field;
    const message = encodeMessage(key, { label, value: String(value).slice(0, 64) });
    problems.set(index, [...(problems.get(index) ?? []), { field, message }]);
  };
  for (const [field, spec] of Object.entries(res.fields)) {
    if (!spec.dict && !spec.ref) {
      continue;
    }
    const values = [
      ...new Set(
        rows
          .map((row) => row[field])
          .filter(filled)
          .map(String),
      ),
    ];
    if (values.length === 0) {
      continue;
    }
    const known = spec.dict
      ? await sources.dictKeys(ctx, spec.dict)
      : await (await sources.repoOf(ctx, spec.ref ?? '')).liveIds(ctx.tenantId, values);
    rows.forEach((row, index) => {
      const v = row[field];
      if (filled(v) && !known.has(String(v))) {
        add(index, field, spec.dict ? 'lowcode.notInDict' : 'lowcode.refMissing', v);
      }
    });
  }
  return problems;
}
