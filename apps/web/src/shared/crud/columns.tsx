import type { Language } from '@yuan/contract';
import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { formatDateTime } from '../time/timeZone.ts';
import { pick, widgetOf } from './fields.ts';
import { INLINE_ACTIONS } from './RowActions.tsx';
import type { CrudField, Row } from './types.ts';
import './crud.css';

export type Lookups = Partial<Record<string, Map<string, string>>>;

/** A cell of names shows this many as tags, the rest as one "+N" tag naming them on hover. */
const TAGS_SHOWN = 5;
/** The width a cell of names wraps at when its column has none of its own. */
const TAGS_WIDTH = 240;

/**
 * The referenced rows as [id, name]: in the order of the tree (parents before their children), unknown ids last,
 * named by their id.
 */
function lookupNames(names: Map<string, string>, value: unknown): [string, string][] {
  const ids = new Set(String(value).split(','));
  const known = [...names].filter(([id]) => ids.has(id));
  const unknown = [...ids].filter((id) => !names.has(id)).map((id): [string, string] => [id, id]);
  return [...known, ...unknown];
}

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
    return lookupNames(names, value)
      .map(([, name]) => name)
      .join(', ');
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

/**
 * Several names (a user's roles, departments, posts) as tags: a name is never cut, the cell wraps between them at
 * the column's width.
 */
function NameTags({ names, width }: { names: [string, string][]; width: number }) {
  const rest = names.slice(TAGS_SHOWN);
  return (
    <span className="crud-tags" style={{ maxWidth: width }}>
      {names.slice(0, TAGS_SHOWN).map(([id, name]) => (
        <Tag key={id}>{name}</Tag>
      ))}
      {rest.length > 0 ? <Tag title={rest.map(([, name]) => name).join(', ')}>+{rest.length}</Tag> : null}
    </span>
  );
}

/** Whether a column shows its cells as name tags: a multi-valued reference whose names are looked up. */
function showsTags(field: CrudField, lookups: Lookups): boolean {
  return (
    field.spec.kind === 'ids' &&
    !field.options.render &&
    !field.options.options &&
    lookups[field.name] !== undefined
  );
}

export function buildColumns(
  fields: CrudField[],
  lang: Language,
  lookups: Lookups,
  actions?: { title: string; width: number; render: (row: Row) => ReactNode },
): ColumnsType<Row> {
  const columns: ColumnsType<Row> = fields.map((field) => {
    const names = showsTags(field, lookups) ? lookups[field.name] : undefined;
    return {
      key: field.name,
      dataIndex: field.name,
      title: pick(field.spec.label, lang),
      width: field.options.width,
      ellipsis: !names,
      render: (value: unknown, row: Row) => {
        if (field.options.render) {
          return field.options.render(value, row);
        }
        if (names && value !== null && value !== undefined && value !== '') {
          return <NameTags names={lookupNames(names, value)} width={field.options.width ?? TAGS_WIDTH} />;
        }
        return cellText(field, value, lang, lookups);
      },
    };
  });
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

/**
 * The action column fits the buttons a row can show, so a read-only screen does not give half its width away; past
 * two, a row shows two and 更多 (RowActions), whatever their number.
 */
export function actionColumnWidth(buttons: number): number {
  if (buttons > INLINE_ACTIONS) {
    return 160;
  }
  return Math.max(90, 24 + buttons * 64);
}
