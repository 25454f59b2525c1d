import type { Language } from '@yuan/contract/constants';
import { type ReportColumnLabels, reportColumnTitle } from '@yuan/contract/develop/report';
import { ownText } from '../../../shared/i18n/index.ts';
import type { SqlTable } from '../sqlEdit/useSqlSchema.ts';

/** The labels as the designer's form holds them: any entry may be half typed or emptied. */
export type LabelValues = Record<string, { zh?: string; en?: string } | undefined>;

/** The header of each answered column by its name (see reportColumnTitle for the fall-backs). */
export function columnTitles(
  columns: readonly string[],
  labels: ReportColumnLabels | null | undefined,
  lang: Language,
): Record<string, string> {
  return Object.fromEntries(columns.map((column) => [column, reportColumnTitle(column, labels, lang)]));
}

/**
 * The labels to save: trimmed, without empty ones, and (once a preview has answered) only those of its columns, so
 * a column taken out of the query leaves no label behind.
 */
export function keptLabels(
  labels: LabelValues | undefined,
  columns?: readonly string[],
): ReportColumnLabels | undefined {
  const kept: ReportColumnLabels = {};
  for (const [column, label] of Object.entries(labels ?? {})) {
    if (columns && !columns.includes(column)) {
      continue;
    }
    const zh = label?.zh?.trim() ?? '';
    const en = label?.en?.trim() ?? '';
    if (zh || en) {
      kept[column] = { ...(zh ? { zh } : {}), ...(en ? { en } : {}) };
    }
  }
  return Object.keys(kept).length > 0 ? kept : undefined;
}

/** Whether the query names the table (its code as a word, quoted or not; SQL names are case-insensitive). */
function reads(query: string, code: string): boolean {
  const escaped = code.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^\\w$])${escaped}($|[^\\w$])`, 'i').test(query);
}

/**
 * First labels for the answered columns that have none yet: the name of the entity field of that code, in the
 * current language (the tenant's own text for it, else the field's name), when the tables the query reads agree on
 * one. A column the designer has seen keeps what was typed (or emptied) there.
 */
export function fieldLabels(
  columns: readonly string[],
  query: string,
  tables: readonly SqlTable[],
  labels: LabelValues | undefined,
  lang: Language,
): LabelValues {
  const read = tables.filter((table) => reads(query, table.code));
  const out: LabelValues = {};
  for (const column of columns) {
    if (labels && Object.hasOwn(labels, column)) {
      continue;
    }
    const names = new Set(
      read.flatMap((table) => {
        const field = table.columns.find((c) => c.code === column && c.name !== c.code);
        return field ? [ownText(`entityLabel.${table.id}.${column}`) ?? field.name] : [];
      }),
    );
    if (names.size === 1) {
      out[column] = { [lang]: [...names][0] };
    }
  }
  return out;
}
