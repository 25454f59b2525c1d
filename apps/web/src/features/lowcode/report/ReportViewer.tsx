import { ArrowLeftOutlined, FileExcelOutlined, FileImageOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { type ReportParam, type ReportView, reportResource } from '@yuan/contract/develop/report';
import { Alert, Button, Card, Empty, Segmented, Space, Spin, Tag, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../../shared/api/files.ts';
import { LoadFailed } from '../../../shared/components/LoadFailed.tsx';
import { crudApi } from '../../../shared/crud/api.ts';
import { useLanguage } from '../../../shared/hooks/useLanguage.ts';
import { toastError } from '../../../shared/ui/feedback.ts';
import { CHARTS, isDrawn, presentationOf, type ReportChartKind } from './chartOption.ts';
import { columnTitles } from './columnTitles.ts';
import { ParamForm, readyToRun } from './ParamForm.tsx';
import type { ChartHandle } from './ReportChart.tsx';
import { ReportResult } from './ReportResult.tsx';
import { dataUrlBlob, reportApi } from './reportApi.ts';
import { useReportRun } from './useReportRun.ts';

const reports = crudApi(reportResource);

/** The stored parameters and presentation of a report (json columns: anything else counts as none). */
function declared(row: Record<string, unknown> | undefined): {
  params: ReportParam[];
  view: ReportView | null;
} {
  const params = Array.isArray(row?.params) ? (row.params as ReportParam[]) : [];
  const view = row?.view && typeof row.view === 'object' ? (row.view as ReportView) : null;
  return { params, view };
}

/**
 * A report for those who read it: its parameters, run on demand (at once when none is required without a default),
 * the rows as the report presents them, another presentation a click away, and the Excel and PNG exports.
 */
export function ReportViewer({ id, onBack }: { id: string; onBack?: () => void }) {
  const { t } = useTranslation();
  const detail = useQuery({ queryKey: ['report-detail', id], queryFn: () => reports.detail(id) });
  const { params, view } = useMemo(() => declared(detail.data), [detail.data]);
  const runner = useReportRun(id);
  const [chart, setChart] = useState<ReportChartKind | null>(null);
  const [exporting, setExporting] = useState(false);
  const handle = useRef<ChartHandle | null>(null);
  const [drawn, setDrawn] = useState(false);
  const name = String(detail.data?.name ?? '');

  const started = useRef(false);
  useEffect(() => {
    // A report that needs nothing typed shows its rows straight away, once.
    if (detail.data && !started.current && readyToRun(params)) {
      started.current = true;
      runner.run({});
    }
  }, [detail.data, params, runner]);

  const { answer } = runner;
  const presentation = useMemo(
    () =>
      answer ? presentationOf({ ...(answer.view ?? view ?? {}), ...(chart ? { chart } : {}) }, answer) : null,
    [answer, view, chart],
  );
  const lang = useLanguage();
  const titles = useMemo(
    () => (answer ? columnTitles(answer.columns, (answer.view ?? view)?.labels, lang) : undefined),
    [answer, view, lang],
  );

  if (detail.isPending) {
    return <Spin data-testid="report-viewer-loading" />;
  }
  if (detail.isError) {
    return <LoadFailed onRetry={() => void detail.refetch()} testId="report-viewer-failed" />;
  }

  const exportExcel = () => {
    setExporting(true);
    reportApi
      .exportExcel(id, runner.shownValues ?? {}, `${name || 'report'}.xlsx`, t('builder.report.exportFailed'))
      .catch(() => undefined)
      .finally(() => setExporting(false));
  };
  const exportPng = () => {
    try {
      const png = handle.current?.toPng();
      if (png) {
        saveBlob(dataUrlBlob(png), `${name || 'report'}.png`);
      }
    } catch (error) {
      toastError(t('builder.report.pngFailed', { reason: String(error) }));
    }
  };
  const onChart = (next: ChartHandle | null) => {
    handle.current = next;
    setDrawn(next !== null);
  };

  return (
    <Card
      variant="borderless"
      data-testid="report-viewer"
      title={
        <Space>
          {onBack ? (
            <Button icon={<ArrowLeftOutlined />} onClick={onBack} data-testid="report-back">
              {t('builder.report.back')}
            </Button>
          ) : null}
          <Typography.Text strong data-testid="report-name">
            {name}
          </Typography.Text>
          {answer?.cached ? <Tag color="blue">{t('builder.report.cached')}</Tag> : null}
        </Space>
      }
    >
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <ParamForm
          params={params}
          onRun={runner.run}
          running={runner.running}
          extra={
            <>
              <Button
                icon={<FileExcelOutlined />}
                disabled={!answer}
                loading={exporting}
                onClick={exportExcel}
                data-testid="report-export-excel"
              >
                {t('builder.report.exportExcel')}
              </Button>
              <Button
                icon={<FileImageOutlined />}
                disabled={!answer || !presentation || !isDrawn(presentation.chart) || !drawn}
                onClick={exportPng}
                data-testid="report-export-png"
              >
                {t('builder.report.exportPng')}
              </Button>
            </>
          }
        />
        <Segmented<ReportChartKind>
          value={presentation?.chart ?? chart ?? view?.chart ?? 'table'}
          onChange={setChart}
          options={CHARTS.map((value) => ({ value, label: t(`builder.report.chart.${value}`) }))}
          data-testid="report-chart-switch"
        />
        {runner.problem ? (
          <Alert type="error" showIcon title={runner.problem} data-testid="report-error" />
        ) : answer && presentation ? (
          <Spin spinning={runner.running}>
            <ReportResult result={answer} presentation={presentation} titles={titles} onChart={onChart} />
          </Spin>
        ) : (
          <Spin spinning={runner.running}>
            <Empty description={t('builder.report.notRun')} data-testid="report-not-run" />
          </Spin>
        )}
      </Space>
    </Card>
  );
}
