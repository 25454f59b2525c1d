import type { SqlResult } from '@yuan/contract/lowcode/sql-edit';
import { Alert, Empty, Form, type FormInstance, Space, Spin } from 'antd';
import { type Ref, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RequestError } from '../../../shared/api/http.ts';
import { useLanguage } from '../../../shared/hooks/useLanguage.ts';
import { presentationOf } from './chartOption.ts';
import { columnTitles, keptLabels } from './columnTitles.ts';
import { type DesignerValues, declarations, viewOf } from './designerValues.ts';
import { ParamForm, type ParamFormHandle } from './ParamForm.tsx';
import { ReportResult } from './ReportResult.tsx';
import { type ParamValues, reportApi } from './reportApi.ts';

/**
 * The designer's live preview: the unsaved query with the parameters declared so far and values typed here, shown
 * with the presentation and column labels chosen now (a change redraws the same rows, without asking again).
 */
export function ReportPreview({
  form,
  result,
  onResult,
  onPress,
  paramForm,
}: {
  form: FormInstance<DesignerValues>;
  result: SqlResult | undefined;
  onResult: (result: SqlResult | undefined) => void;
  /** Each press of 预览 (before its parameters are checked). */
  onPress?: () => void;
  /** Runs the preview as its button would (the query's keyboard shortcut). */
  paramForm?: Ref<ParamFormHandle>;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const lines = Form.useWatch('params', form);
  const chart = Form.useWatch('chart', form);
  const x = Form.useWatch('x', form);
  const y = Form.useWatch('y', form);
  // The whole kept value: labels of columns not listed at the moment count too.
  const labels = Form.useWatch('labels', { form, preserve: true });
  const params = useMemo(() => declarations(lines), [lines]);
  const [running, setRunning] = useState(false);
  const [problem, setProblem] = useState('');
  const presentation = useMemo(
    () => (result ? presentationOf(viewOf({ chart, x, y }), result) : null),
    [result, chart, x, y],
  );
  const titles = useMemo(
    () => (result ? columnTitles(result.columns, keptLabels(labels), lang) : undefined),
    [result, labels, lang],
  );

  const run = async (values: ParamValues) => {
    await form.validateFields(['querySql']);
    setRunning(true);
    setProblem('');
    try {
      const querySql = String(form.getFieldValue('querySql') ?? '');
      onResult(await reportApi.preview({ querySql, params, values }));
    } catch (error) {
      onResult(undefined);
      setProblem(error instanceof RequestError ? error.message : String(error));
    } finally {
      setRunning(false);
    }
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="report-preview">
      {/* New declarations, new fields: the form starts again with their defaults. */}
      <ParamForm
        key={JSON.stringify(params)}
        params={params}
        onRun={(values) => void run(values).catch(() => undefined)}
        running={running}
        runText={t('builder.report.preview')}
        testId="report-preview-params"
        onPress={onPress}
        handle={paramForm}
      />
      <Spin spinning={running}>
        {problem ? (
          <Alert type="error" showIcon title={problem} data-testid="report-preview-error" />
        ) : result && presentation ? (
          <ReportResult result={result} presentation={presentation} titles={titles} />
        ) : (
          <Empty description={t('builder.report.previewHint')} />
        )}
      </Spin>
    </Space>
  );
}
