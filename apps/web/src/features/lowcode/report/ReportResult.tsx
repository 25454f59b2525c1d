import type { SqlResult } from '@yuan/contract/lowcode/sql-edit';
import { Empty, Skeleton, Space, Statistic } from 'antd';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { cellText, ResultSummary, ResultTable } from '../sqlEdit/ResultTable.tsx';
import { isDrawn, kpiOf, type Presentation, toNumber } from './chartOption.ts';
import type { ChartHandle } from './ReportChart.tsx';

// echarts comes with the first chart shown, not with the list, the designer or a table-only report.
const ReportChart = lazy(() => import('./ReportChart.tsx').then((m) => ({ default: m.ReportChart })));

/** The KPI: one big number (or the text of a cell that is not a number) with its column's title as the caption. */
function Kpi({
  result,
  presentation,
  titles,
}: {
  result: SqlResult;
  presentation: Presentation;
  titles?: Readonly<Record<string, string>>;
}) {
  const { label, value } = kpiOf(result, presentation);
  const number = toNumber(value);
  return (
    <div data-testid="report-kpi" style={{ padding: '24px 0', textAlign: 'center' }}>
      <Statistic
        title={titles?.[label] ?? label}
        value={number ?? cellText(value)}
        styles={{ content: { fontSize: 48, fontWeight: 600 } }}
      />
    </div>
  );
}

/**
 * The rows of a report as its presentation says: a table, a bar, line or pie chart, or one KPI number; with the
 * counts (and the notice that only the first rows came when the answer was cut). Columns are shown by their titles
 * (the report's labels in the current language), by name where none is given.
 */
export function ReportResult({
  result,
  presentation,
  titles,
  onChart,
}: {
  result: SqlResult;
  presentation: Presentation;
  titles?: Readonly<Record<string, string>>;
  onChart?: (handle: ChartHandle | null) => void;
}) {
  const { t } = useTranslation();
  const { chart } = presentation;
  const nothing = result.rows.length === 0;
  let body: ReactNode;
  if (chart === 'table') {
    body = <ResultTable result={result} titles={titles} testId="report-table" />;
  } else if (nothing) {
    body = <Empty description={t('builder.sql.noRows')} data-testid="report-empty" />;
  } else if (chart === 'kpi') {
    body = <Kpi result={result} presentation={presentation} titles={titles} />;
  } else if (isDrawn(chart) && presentation.y.length === 0) {
    body = <Empty description={t('builder.report.noValueColumn')} data-testid="report-no-values" />;
  } else if (isDrawn(chart)) {
    body = (
      <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 360 }} />}>
        <ReportChart
          chart={chart}
          presentation={presentation}
          result={result}
          titles={titles}
          onReady={onChart}
        />
      </Suspense>
    );
  }
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="report-result">
      <ResultSummary result={result} />
      {body}
    </Space>
  );
}
