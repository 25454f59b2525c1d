import type { ReportParam, ReportView } from '@yuan/contract/develop/report';
import type { ReportChartKind } from './chartOption.ts';
import { keptLabels, type LabelValues } from './columnTitles.ts';

/** One parameter line of the designer (the default typed as text). */
export interface ParamLine {
  name?: string;
  label?: string;
  type?: ReportParam['type'];
  required?: boolean;
  defaultValue?: string;
}

export interface DesignerValues {
  name?: string;
  querySql?: string;
  params?: ParamLine[];
  chart?: ReportChartKind;
  x?: string;
  y?: string[];
  /** The columns' headers by column name, in each language. */
  labels?: LabelValues;
  cacheSeconds?: number | null;
  /** Roles that may view it; none: everyone with the report list. */
  roleIds?: string[];
  remark?: string;
}

/** The declared parameters of the lines typed so far (lines without a name or label are not parameters yet). */
export function declarations(lines: readonly ParamLine[] | undefined): ReportParam[] {
  return (lines ?? []).flatMap((line) => {
    if (!line?.name || !line.label) {
      return [];
    }
    const type = line.type ?? 'string';
    const typed = line.defaultValue?.trim() ?? '';
    const number = Number(typed);
    const defaultValue =
      typed === '' ? undefined : type === 'number' && Number.isFinite(number) ? number : typed;
    return [
      {
        name: line.name,
        label: line.label,
        type,
        ...(line.required ? { required: true } : {}),
        ...(defaultValue === undefined ? {} : { defaultValue }),
      },
    ];
  });
}

/** The presentation of the form: a category, value columns and labels only where they were given. */
export function viewOf(values: Pick<DesignerValues, 'chart' | 'x' | 'y' | 'labels'>): ReportView {
  const labels = keptLabels(values.labels);
  return {
    chart: values.chart ?? 'table',
    ...(values.x ? { x: values.x } : {}),
    ...(values.y && values.y.length > 0 ? { y: values.y } : {}),
    ...(labels ? { labels } : {}),
  };
}

/** A stored report as the designer's form values. */
export function formValuesOf(row: Record<string, unknown> | undefined): DesignerValues {
  if (!row) {
    return { chart: 'table', params: [], labels: {}, cacheSeconds: 0 };
  }
  const params = Array.isArray(row.params) ? (row.params as ReportParam[]) : [];
  const view = (row.view && typeof row.view === 'object' ? row.view : {}) as Partial<ReportView>;
  return {
    name: String(row.name ?? ''),
    querySql: String(row.querySql ?? ''),
    params: params.map((p) => ({
      name: p.name,
      label: p.label,
      type: p.type,
      required: p.required === true,
      defaultValue: p.defaultValue === undefined ? undefined : String(p.defaultValue),
    })),
    chart: view.chart ?? 'table',
    x: view.x,
    y: view.y ?? [],
    labels: view.labels ?? {},
    cacheSeconds: typeof row.cacheSeconds === 'number' ? row.cacheSeconds : Number(row.cacheSeconds ?? 0),
    roleIds: String(row.roleIds ?? '')
      .split(',')
      .filter(Boolean),
    remark: typeof row.remark === 'string' ? row.remark : '',
  };
}

/** The body of `submit`: the id when editing, the parameters and the presentation as JSON. */
export function submitBody(values: DesignerValues, id: string | undefined): Record<string, unknown> {
  return {
    ...(id ? { id } : {}),
    name: values.name?.trim() ?? '',
    querySql: values.querySql ?? '',
    params: declarations(values.params),
    view: viewOf(values),
    cacheSeconds: values.cacheSeconds ?? 0,
    roleIds: (values.roleIds ?? []).join(','),
    remark: values.remark ?? '',
  };
}
