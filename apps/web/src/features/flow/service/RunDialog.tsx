import { CaretRightOutlined } from '@ant-design/icons';
import { Alert, Button, Input, Modal, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RequestError } from '../../../shared/api/http.ts';
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
  const [problem, setProblem] = useState('');
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<RunResult | null>(null);

  const run = async () => {
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
    setProblem('');
    setRunning(true);
    setResult(null);
    try {
      setResult(await flowServiceApi.run({ code, params: parsed.params }));
    } catch (error) {
      setProblem(error instanceof RequestError ? error.message : String(error));
    } finally {
      setRunning(false);
    }
  };

  return (
    <Modal
      open
      width={720}
      title={t('flow.service.runTitle', { name })}
      mask={{ closable: false }}
      destroyOnHidden
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
            onClick={() => void run()}
            data-testid="flow-run-start"
          >
            {t('flow.service.run')}
          </Button>
        </Space>
      }
      wrapProps={{ 'data-testid': 'flow-run-dialog' }}
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
      {problem ? (
        <Alert
          type="error"
          showIcon
          title={problem}
          style={{ marginBottom: 12 }}
          data-testid="flow-run-problem"
        />
      ) : null}
      {running ? <Spin /> : null}
      {result ? <RunResultView result={result} /> : null}
    </Modal>
  );
}
