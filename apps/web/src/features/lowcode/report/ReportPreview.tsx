import type { SqlResult } from '@yuan/contract/lowcode/sql-edit';
import { Alert, Empty, Form, type FormInstance, Space, Spin } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RequestError } from '../../../shared/api/http.ts';
import { presentationOf } from './chartOption.ts';
import { type DesignerValues, declarations, viewOf } from './designerValues.ts';
import { ParamForm } from './ParamForm.tsx';
import { ReportResult } from './ReportResult.tsx';
import { type ParamValues, reportApi } from './reportApi.ts';

/**
 * The designer's live preview: the unsaved query with the parameters declared so far and values typed here, shown
 * with the presentation chosen now (a change of chart or columns redraws the same rows, without asking again).
 */
export function ReportPreview({
  form,
  result,
  onResult,
}: {
  form: FormInstance<DesignerValues>;
  result: SqlResult | undefined;
  onResult: (result: SqlResult | undefined) => void;
}) {
  const { t } = useTranslation();
  const lines = Form.useWatch('params', form);
  const chart = Form.useWatch('chart', form);
  const x = Form.useWatch('x', form);
  const y = Form.useWatch('y', form);
  const params = useMemo(() => declarations(lines), [lines]);
  const [running, setRunning] = useState(false);
  const [problem, setProblem] = useState('');
  const presentation = useMemo(
    () => (result ? presentationOf(viewOf({ chart, x, y }), result) : null),
    [result, chart, x, y],
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
      />
      <Spin spinning={running}>
        {problem ? (
          <Alert type="error" showIcon title={problem} data-testid="report-preview-error" />
        ) : result && presentation ? (
          <ReportResult result={result} presentation={presentation} />
        ) : (
          <Empty description={t('builder.report.previewHint')} />
        )}
      </Spin>
    </Space>
  );
}
