import { z } from 'zod';
import type { Language } from '../constants.ts';
import { idString } from '../envelope.ts';
import { registerMessage } from '../form-messages.ts';
import { defineResource } from '../resource.ts';
import { sqlParam } from '../lowcode/sql-edit.ts';

export const REPORT_CHARTS = ['table', 'bar', 'line', 'pie', 'kpi'] as const;
export const REPORT_PARAM_TYPES = ['string', 'number', 'date'] as const;

/** A parameter the viewer fills; bound to `$n` of the query in the order declared. */
export const reportParam = z.strictObject({
  name: z.string().regex(/^[a-zA-Z][a-zA-Z0-9_]{0,31}$/),
  label: z.string().min(1).max(64),
  type: z.enum(REPORT_PARAM_TYPES),
  required: z.boolean().optional(),
  defaultValue: z.union([z.string().max(200), z.number()]).optional(),
});
export type ReportParam = z.output<typeof reportParam>;

/** A result column's header in each language; a missing one is the other language's, then the column's name. */
export const reportColumnLabel = z.strictObject({
  zh: z.string().max(64).optional(),
  en: z.string().max(64).optional(),
});
/** At most this many columns of a report have a label (PostgreSQL answers at most 1,664 columns). */
export const REPORT_LABELS_MAX = 200;

/**
 * How the rows are shown: the chart, which column is the category (x / slice) and which are values, and the
 * headers of the columns by their name in the answer.
 */
export const reportView = z.strictObject({
  chart: z.enum(REPORT_CHARTS),
  x: z.string().max(63).optional(),
  y: z.array(z.string().max(63)).max(10).optional(),
  labels: z
    .record(z.string().min(1).max(63), reportColumnLabel)
    .refine((labels) => Object.keys(labels).length <= REPORT_LABELS_MAX)
    .optional(),
});
export type ReportView = z.output<typeof reportView>;
export type ReportColumnLabels = NonNullable<ReportView['labels']>;

/** A column's header in a language: its label there, else its label in the other language, else its name. */
export function reportColumnTitle(
  column: string,
  labels: ReportColumnLabels | null | undefined,
  lang: Language,
): string {
  const label = labels && Object.hasOwn(labels, column) ? labels[column] : undefined;
  const other: Language = lang === 'zh' ? 'en' : 'zh';
  return label?.[lang]?.trim() || label?.[other]?.trim() || column;
}

/** Reports (SPEC §7 /api/yuan-report/report/rest): a query of the SQL editor, its parameters and presentation. */
export const reportResource = defineResource({
  name: 'report',
  basePath: '/api/yuan-report/report/rest',
  table: 'yuan_report',
  perm: 'reportList',
  tenantScoped: true,
  title: ['报表', 'Report'],
  fields: {
    name: {
      column: 'name',
      kind: 'string',
      label: ['报表名称', 'Report name'],
      required: ['请输入报表名称', 'Please enter the report name'],
      max: 64,
      search: 'like',
      unique: true,
    },
    // Before the query: a client that posts a row back edits the first plain text field it finds.
    remark: {
      column: 'remark',
      kind: 'string',
      label: ['备注', 'Remark'],
      max: 255,
      textarea: true,
      list: false,
    },
    querySql: {
      column: 'query_sql',
      kind: 'text',
      label: ['查询语句', 'Query'],
      required: ['请输入查询语句', 'Please enter the query'],
      max: 20_000,
      list: false,
    },
    params: { column: 'params', kind: 'json', label: ['参数', 'Parameters'], list: false },
    view: { column: 'view', kind: 'json', label: ['展示', 'Presentation'], list: false },
    // Empty: every holder of the report list may view it; otherwise only these roles (and administrators).
    roleIds: { column: 'role_ids', kind: 'ids', label: ['可查看角色', 'Roles that may view'], list: false },
    cacheSeconds: {
      column: 'cache_seconds',
      kind: 'int',
      label: ['缓存秒数', 'Cache (s)'],
      min: 0,
      max: 86_400,
    },
  },
});

/** report/rest/run and export: a report's id and the viewer's parameter values, by name. */
export const reportRun = z.strictObject({
  id: idString,
  params: z.record(z.string().max(32), sqlParam).optional(),
});
export type ReportRunInput = z.output<typeof reportRun>;

registerMessage('report.params', ['参数', 'Parameters']);
registerMessage('report.view', ['展示', 'Presentation']);
registerMessage('report.paramCount', [
  '查询使用了{need}个参数（$1…$n），但声明了{have}个',
  'The query uses {need} parameters ($1…$n) but {have} are declared',
]);
