import { CaretRightOutlined } from '@ant-design/icons';
import { Button, Input, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionDialog, ProblemAlert } from '../../../shared/components/ActionDialog.tsx';
import { useBusy } from '../../../shared/hooks/useBusy.ts';
import { flowServiceApi, type RunResult } from './api.ts';
import { parseRunParams } from './runParams.ts';
import { RunResultView } from './RunResultView.tsx';

interface Props {
  name: string;
  /** The editor's code when the dialog was opened: saved or not, this is what runs. */
  code: string;
  /** The parameters typed last time, kept by the editor so a second run starts from them. */
  params: string;
  onParamsChange: (text: string) => void;
  onClose: () => void;
}

/**
 * Runs the editor's code in the server's sandbox with parameters typed as JSON. The text is checked before anything
 * is sent: it must parse and be an object (the script's `params`).
 */
export function RunDialog({ name, code, params, onParamsChange, onClose }: Props) {
  const { t } = useTranslation();
  const { busy: running, run: runBusy, problem, setProblem } = useBusy({ showProblem: true });
  const [result, setResult] = useState<RunResult | null>(null);

  const run = () => {
    const parsed = parseRunParams(params);
    if (!parsed.ok) {
      setProblem(
        parsed.reason === 'json'
          ? t('flow.service.paramsNotJson', { detail: parsed.detail })
          : t('flow.service.paramsNotObject'),
      );
      return;
    }
    if (code.trim() === '') {
      setProblem(t('flow.service.codeEmpty'));
      return;
    }
    void runBusy(async () => {
      setResult(null);
      setResult(await flowServiceApi.run({ code, params: parsed.params }));
    });
  };

  return (
    <ActionDialog
      testId="flow-run-dialog"
      width={720}
      title={t('flow.service.runTitle', { name })}
      busy={running}
      onCancel={onClose}
      footer={
        <Space>
          <Button onClick={onClose} data-testid="flow-run-close">
            {t('common.close')}
          </Button>
          <Button
            type="primary"
            icon={<CaretRightOutlined />}
            loading={running}
            onClick={run}
            data-testid="flow-run-start"
          >
            {t('flow.service.run')}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t('flow.service.runsEditorCode')}</Typography.Paragraph>
      <Typography.Text strong>{t('flow.service.params')}</Typography.Text>
      <Input.TextArea
        value={params}
        onChange={(event) => onParamsChange(event.target.value)}
        autoSize={{ minRows: 3, maxRows: 10 }}
        spellCheck={false}
        className="flow-run-params"
        placeholder='{"a": 1}'
        aria-label={t('flow.service.params')}
        data-testid="flow-run-params"
        style={{ margin: '4px 0 12px' }}
      />
      <ProblemAlert text={problem} testId="flow-run-problem" />
      {running ? <Spin /> : null}
      {result ? <RunResultView result={result} /> : null}
    </ActionDialog>
  );
}
