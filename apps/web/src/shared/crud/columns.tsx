import type { Language } from '@yuan/contract';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { formatDateTime } from '../time/timeZone.ts';
import { pick, widgetOf } from './fields.ts';
import type { CrudField, Row } from './types.ts';

export type Lookups = Partial<Record<string, Map<string, string>>>;

/** The text of one cell: choice labels, names of referenced rows, date-times in the tenant's zone. */
export function cellText(field: CrudField, value: unknown, lang: Language, lookups: Lookups): string {
  if (value === null || value === undefined || value === '') {
    return '';
  }
  if (field.options.options) {
    const found = field.options.options.find((o) => String(o.value) === String(value));
    return found ? pick(found.label, lang) : String(value);
  }
  const names = lookups[field.name];
  if (names) {
    // In the order of the tree (parents before their children), unknown ids last.
    const ids = new Set(String(value).split(','));
    const known = [...names].filter(([id]) => ids.has(id));
    const unknown = [...ids].filter((id) => !names.has(id));
    return [...known.map(([, title]) => title), ...unknown].join(', ');
  }
  if (field.spec.kind === 'date') {
    return String(value).slice(0, 10);
  }
  if (widgetOf(field) === 'date') {
    return formatDateTime(String(value));
  }
  if (field.spec.kind === 'json') {
    return typeof value === 'string' ? value : JSON.stringify(value);
  }
  return String(value);
}

export function buildColumns(
  fields: CrudField[],
  lang: Language,
  lookups: Lookups,
  actions?: { title: string; width: number; render: (row: Row) => ReactNode },
): ColumnsType<Row> {
  const columns: ColumnsType<Row> = fields.map((field) => ({
    key: field.name,
    dataIndex: field.name,
    title: pick(field.spec.label, lang),
    width: field.options.width,
    ellipsis: true,
    render: (value: unknown, row: Row) =>
      field.options.render ? field.options.render(value, row) : cellText(field, value, lang, lookups),
  }));
  if (actions) {
    columns.push({
      key: '__actions',
      title: actions.title,
      width: actions.width,
      fixed: 'right',
      render: (_: unknown, row: Row) => actions.render(row),
    });
  }
  return columns;
}

/** The action column fits the buttons a row can show, so a read-only screen does not give half its width away. */
export function actionColumnWidth(buttons: number): number {
  return Math.max(90, 24 + buttons * 64);
}
