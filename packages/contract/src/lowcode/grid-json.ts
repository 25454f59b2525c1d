import { z } from 'zod';
import { encodeMessage, registerMessage } from '../form-messages.ts';

/**
 * A designed grid (SPEC §7 dtgrid `gridJson`): which of an entity's fields are columns and in what order, their
 * widths, the fields the search bar offers, the default sort, the row and toolbar actions and the page size.
 * Fields are named by the entity's field names; a name the entity no longer has is skipped where the grid is shown.
 */
export const GRID_PAGE_SIZES = [10, 20, 30, 50, 100] as const;
export const GRID_WIDTH = { min: 60, max: 600 } as const;
/** What a grid can offer besides its rows; each can be switched off (the caller's permissions still apply). */
export const GRID_ACTIONS = ['add', 'edit', 'view', 'delete', 'import', 'export'] as const;
export type GridAction = (typeof GRID_ACTIONS)[number];

const messages = {
  duplicate: registerMessage('gridJson.duplicate', ['列重复：{name}', 'Column listed twice: {name}']),
  sortColumn: registerMessage('gridJson.sortColumn', [
    '默认排序的字段必须是表格的列',
    'The default sort must be one of the columns',
  ]),
};

const fieldName = z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/);

export const gridColumnSchema = z.strictObject({
  prop: fieldName,
  /** Column width in pixels; absent: the table decides. */
  width: z.number().int().min(GRID_WIDTH.min).max(GRID_WIDTH.max).optional(),
  align: z.enum(['left', 'center', 'right']).optional(),
});

export const gridJsonSchema = z
  .strictObject({
    columns: z.array(gridColumnSchema).max(200),
    search: z.array(fieldName).max(50).default([]),
    sort: z.strictObject({ prop: fieldName, order: z.enum(['asc', 'desc']) }).optional(),
    pageSize: z
      .number()
      .int()
      .refine((n) => (GRID_PAGE_SIZES as readonly number[]).includes(n))
      .default(10),
    actions: z.array(z.enum(GRID_ACTIONS)).default([...GRID_ACTIONS]),
  })
  .superRefine((grid, ctx) => {
    const seen = new Set<string>();
    for (const column of grid.columns) {
      if (seen.has(column.prop)) {
        ctx.addIssue({
          code: 'custom',
          message: encodeMessage(messages.duplicate, { name: column.prop }),
          path: ['columns'],
        });
        return;
      }
      seen.add(column.prop);
    }
    if (grid.sort && !seen.has(grid.sort.prop)) {
      ctx.addIssue({ code: 'custom', message: encodeMessage(messages.sortColumn), path: ['sort'] });
    }
  });

export type GridColumn = z.infer<typeof gridColumnSchema>;
export type GridJson = z.infer<typeof gridJsonSchema>;

/** A new grid of an entity: every listed field a column, the searchable ones in the search bar, all actions. */
export function defaultGridJson(fields: { name: string; list?: boolean; search?: boolean }[]): GridJson {
  return {
    columns: fields.filter((f) => f.list !== false).map((f) => ({ prop: f.name })),
    search: fields.filter((f) => f.search).map((f) => f.name),
    pageSize: 10,
    actions: [...GRID_ACTIONS],
  };
}

/** A stored grid JSON as the designer and the grid screen use it: defaults filled, unknown shapes refused. */
export function parseGridJson(value: unknown): GridJson | undefined {
  const parsed = gridJsonSchema.safeParse(typeof value === 'string' ? safeJson(value) : value);
  return parsed.success ? parsed.data : undefined;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
