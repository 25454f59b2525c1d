import { UploadOutlined } from '@ant-design/icons';
import { ENTITY_IMPORT_MAX_BYTES } from '@yuan/contract/constants';
import type { ImportProgress, ImportReport } from '@yuan/contract/lowcode/import-report';
import { Alert, Button, Form, Progress, Radio, Space, Table, Typography, Upload } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../../shared/api/files.ts';
import { RequestError } from '../../../shared/api/http.ts';
import { uploadWithProgress } from '../../../shared/api/progressUpload.ts';
import { ActionDialog } from '../../../shared/components/ActionDialog.tsx';
import { reportCsv, reportOf } from './importReport.ts';

type Mode = ImportReport['mode'];
type Step =
  | { name: 'choose' }
  | { name: 'working'; sent: number; progress: ImportProgress | null }
  | { name: 'done'; report: ImportReport }
  | { name: 'failed'; message: string; report: ImportReport | null };

/** Why a chosen file cannot be imported: one .xlsx file of at most 64 MB. */
export function entityFileProblem(file: { name: string; size: number }): 'type' | 'size' | null {
  if (!/\.xlsx$/i.test(file.name)) {
    return 'type';
  }
  return file.size > ENTITY_IMPORT_MAX_BYTES ? 'size' : null;
}

/**
 * Import of an entity's rows: one .xlsx file, all-or-nothing or valid rows only; shows the upload and the rows read
 * as they come, then the refused rows with their reasons and a report to download.
 */
export function EntityImportDialog(props: {
  /** The upload (dtentity/entExcelParseSave, or another family's) and its parameters, e.g. the entity's id. */
  path: string;
  params: Record<string, string>;
  title: string;
  onClose: (changed: boolean) => void;
}) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [mode, setMode] = useState<Mode>('all');
  const [problem, setProblem] = useState('');
  const [step, setStep] = useState<Step>({ name: 'choose' });
  const abort = useRef<AbortController | null>(null);

  const start = async () => {
    if (!file) {
      setProblem(t('lowcode.import.choose'));
      return;
    }
    setProblem('');
    abort.current = new AbortController();
    setStep({ name: 'working', sent: 0, progress: null });
    try {
      const report = await uploadWithProgress<ImportReport, ImportProgress>(props.path, file, file.name, {
        params: { ...props.params, mode },
        silent: true,
        signal: abort.current.signal,
        onSent: (sent) => setStep((s) => (s.name === 'working' ? { ...s, sent } : s)),
        onProgress: (progress) => setStep((s) => (s.name === 'working' ? { ...s, sent: 1, progress } : s)),
      });
      setStep({ name: 'done', report });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      setStep({
        name: 'failed',
        message,
        report: error instanceof RequestError ? reportOf(error.body) : null,
      });
    }
  };
  const working = step.name === 'working';
  const saved = step.name === 'done' && step.report.saved > 0;
  const close = () => {
    abort.current?.abort();
    props.onClose(saved);
  };
  const report = step.name === 'done' || step.name === 'failed' ? step.report : null;
  const download = (r: ImportReport) =>
    saveBlob(
      new Blob([reportCsv(r, { row: t('lowcode.import.row'), reasons: t('lowcode.import.reasons') })], {
        type: 'text/csv;charset=utf-8',
      }),
      `${props.title}-${t('lowcode.import.reportName')}.csv`,
    );
  return (
    <ActionDialog
      title={t('lowcode.import.title', { name: props.title })}
      width={640}
      onCancel={close}
      footer={
        step.name === 'choose' ? (
          <Space>
            <Button onClick={close}>{t('crud.cancel')}</Button>
            <Button type="primary" onClick={() => void start()} data-testid="entity-import-start">
              {t('lowcode.import.start')}
            </Button>
          </Space>
        ) : (
          <Space>
            {report && report.refusedCount > 0 ? (
              <Button onClick={() => download(report)} data-testid="entity-import-report">
                {t('lowcode.import.download')}
              </Button>
            ) : null}
            <Button type={working ? 'default' : 'primary'} onClick={close}>
              {working ? t('crud.cancel') : t('lowcode.import.close')}
            </Button>
          </Space>
        )
      }
      testId="entity-import-dialog"
    >
      {problem ? <Alert type="error" showIcon title={problem} style={{ marginBottom: 12 }} /> : null}
      {step.name === 'choose' ? (
        <Form layout="vertical" name="entity-import">
          <Form.Item label={t('lowcode.import.file')} required extra={t('lowcode.import.hint')}>
            <Upload
              accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              maxCount={1}
              fileList={file ? [{ uid: 'import', name: file.name, status: 'done' }] : []}
              beforeUpload={(chosen) => {
                const wrong = entityFileProblem(chosen);
                setFile(wrong ? null : chosen);
                setProblem(wrong ? t(wrong === 'type' ? 'lowcode.import.type' : 'lowcode.import.size') : '');
                return Upload.LIST_IGNORE;
              }}
              onRemove={() => setFile(null)}
            >
              <Button icon={<UploadOutlined />} data-testid="entity-import-pick">
                {t('lowcode.import.pick')}
              </Button>
            </Upload>
            {file ? <Typography.Text data-testid="entity-import-file">{file.name}</Typography.Text> : null}
          </Form.Item>
          <Form.Item label={t('lowcode.import.mode')}>
            <Radio.Group value={mode} onChange={(e) => setMode(e.target.value as Mode)}>
              <Space orientation="vertical">
                <Radio value="all">{t('lowcode.import.modeAll')}</Radio>
                <Radio value="valid-only" data-testid="entity-import-valid-only">
                  {t('lowcode.import.modeValid')}
                </Radio>
              </Space>
            </Radio.Group>
          </Form.Item>
        </Form>
      ) : null}
      {step.name === 'working' ? <Working sent={step.sent} progress={step.progress} /> : null}
      {step.name === 'done' ? (
        <Alert
          type={step.report.refusedCount > 0 ? 'warning' : 'success'}
          showIcon
          title={t('lowcode.import.done', { saved: step.report.saved, refused: step.report.refusedCount })}
          data-testid="entity-import-done"
        />
      ) : null}
      {step.name === 'failed' ? (
        <Alert type="error" showIcon title={step.message} data-testid="entity-import-failed" />
      ) : null}
      {report && report.refused.length > 0 ? <Refused report={report} /> : null}
    </ActionDialog>
  );
}

function Working({ sent, progress }: { sent: number; progress: ImportProgress | null }) {
  const { t } = useTranslation();
  const uploading = sent < 1 && !progress;
  return (
    <div data-testid="entity-import-working">
      <Progress percent={uploading ? Math.floor(sent * 100) : 100} status="active" />
      <Typography.Text type="secondary">
        {uploading
          ? t('lowcode.import.uploading')
          : t('lowcode.import.reading', {
              read: progress?.read ?? 0,
              saved: progress?.saved ?? 0,
              refused: progress?.refused ?? 0,
            })}
      </Typography.Text>
    </div>
  );
}

function Refused({ report }: { report: ImportReport }) {
  const { t } = useTranslation();
  return (
    <div style={{ marginTop: 12 }}>
      {report.refusedCount > report.refused.length ? (
        <Typography.Paragraph type="secondary">
          {t('lowcode.import.firstOnly', { shown: report.refused.length, count: report.refusedCount })}
        </Typography.Paragraph>
      ) : null}
      <Table
        size="small"
        rowKey="row"
        dataSource={report.refused}
        pagination={{ pageSize: 8, showSizeChanger: false }}
        columns={[
          { title: t('lowcode.import.row'), dataIndex: 'row', width: 80 },
          {
            title: t('lowcode.import.reasons'),
            dataIndex: 'reasons',
            render: (reasons: string[]) => reasons.join('；'),
          },
        ]}
        data-testid="entity-import-refused"
      />
    </div>
  );
}
