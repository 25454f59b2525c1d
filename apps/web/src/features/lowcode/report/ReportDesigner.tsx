import { useQuery } from '@tanstack/react-query';
import { reportResource } from '@yuan/contract/develop/report';
import type { SqlResult } from '@yuan/contract/lowcode/sql-edit';
import {
  Alert,
  AutoComplete,
  Col,
  Divider,
  Form,
  type FormInstance,
  Input,
  InputNumber,
  Row,
  Select,
  Spin,
} from 'antd';
import { type RefObject, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RequestError } from '../../../shared/api/http.ts';
import { ActionDialog } from '../../../shared/components/ActionDialog.tsx';
import { RoleTreeSelect } from '../../../shared/components/RoleTreeSelect.tsx';
import { crudApi } from '../../../shared/crud/api.ts';
import { useLanguage } from '../../../shared/hooks/useLanguage.ts';
import { toastSuccess } from '../../../shared/ui/feedback.ts';
import { LazySqlEditor } from '../sqlEdit/LazySqlEditor.tsx';
import { placeholderCount } from '../sqlEdit/params.ts';
import type { SqlEditorHandle } from '../sqlEdit/SqlEditor.tsx';
import { useSqlSchema } from '../sqlEdit/useSqlSchema.ts';
import { CHARTS } from './chartOption.ts';
import { ColumnLabels } from './ColumnLabels.tsx';
import { columnTitles, fieldLabels, keptLabels, type LabelValues } from './columnTitles.ts';
import { type DesignerValues, formValuesOf, submitBody } from './designerValues.ts';
import { ParamDeclarations } from './ParamDeclarations.tsx';
import type { ParamFormHandle } from './ParamForm.tsx';
import { ReportPreview } from './ReportPreview.tsx';

const reports = crudApi(reportResource);
/** The contract's largest cache time: one day. */
const CACHE_MAX = 86_400;

/**
 * The query as a form control: Form.Item hands it the value and the change handler; Ctrl/⌘+Enter runs the preview
 * as its button does.
 */
function QueryField({
  value,
  onChange,
  editor,
  onRun,
}: {
  value?: string;
  onChange?: (value: string) => void;
  editor: RefObject<SqlEditorHandle | null>;
  onRun: () => void;
}) {
  const schema = useSqlSchema();
  return (
    <LazySqlEditor
      value={value ?? ''}
      onChange={(next) => onChange?.(next)}
      tables={schema.data}
      onRun={onRun}
      handle={editor}
      height="180px"
      testId="report-query"
    />
  );
}

/** How many `$n` the query uses against how many parameters are declared (the server refuses a mismatch). */
function ParamCount({ form }: { form: FormInstance<DesignerValues> }) {
  const { t } = useTranslation();
  const query = Form.useWatch('querySql', form) ?? '';
  const lines = Form.useWatch('params', form) ?? [];
  const need = placeholderCount(query);
  if (need === lines.length) {
    return null;
  }
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 12 }}
      title={t('builder.report.paramCount', { need: String(need), have: String(lines.length) })}
      data-testid="report-param-count"
    />
  );
}

/**
 * The report designer (add and edit): name, query, parameters bound to `$1…$n` in order, presentation, cache time
 * and remark on the left; the live preview on the right, outside the form (its own parameter form cannot nest).
 */
export function ReportDesigner({ id, onClose }: { id?: string; onClose: (saved: boolean) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<DesignerValues>();
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState('');
  const [preview, setPreview] = useState<SqlResult | undefined>();
  const detail = useQuery({
    queryKey: ['report-detail', id],
    queryFn: () => reports.detail(id ?? ''),
    enabled: Boolean(id),
    gcTime: 0,
  });
  const initial = useMemo(() => formValuesOf(detail.data), [detail.data]);
  const ready = !id || Boolean(detail.data);
  const editor = useRef<SqlEditorHandle>(null);
  const paramForm = useRef<ParamFormHandle>(null);
  const schema = useSqlSchema();
  const lang = useLanguage();
  const labels: LabelValues | undefined = Form.useWatch('labels', { form, preserve: true });
  const titles = columnTitles(preview?.columns ?? [], keptLabels(labels), lang);
  const columns = (preview?.columns ?? []).map((value) => ({
    value,
    label: titles[value] === value ? value : `${titles[value]} (${value})`,
  }));

  /** A preview's answer; its columns that read entity fields and have no label yet start with the fields' names. */
  const showPreview = (result: SqlResult | undefined) => {
    setPreview(result);
    if (!result) {
      return;
    }
    const typed: LabelValues | undefined = form.getFieldValue('labels');
    const query = String(form.getFieldValue('querySql') ?? '');
    const first = fieldLabels(result.columns, query, schema.data ?? [], typed, lang);
    if (Object.keys(first).length > 0) {
      form.setFieldValue('labels', { ...typed, ...first });
    }
  };

  const submit = async () => {
    const values = await form.validateFields();
    // The labels of every column, listed now or not; once previewed, only those of the columns answered.
    const labelled = keptLabels(form.getFieldValue('labels'), preview?.columns);
    setSaving(true);
    setProblem('');
    try {
      await reports.submit(submitBody({ ...values, labels: labelled }, id));
      toastSuccess(t(id ? 'crud.updated' : 'crud.added'));
      onClose(true);
    } catch (error) {
      setProblem(error instanceof RequestError ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <ActionDialog
      width={1200}
      title={t(id ? 'builder.report.editTitle' : 'builder.report.addTitle')}
      onCancel={() => onClose(false)}
      onOk={() => void submit().catch(() => undefined)}
      okText={t('crud.submit')}
      cancelText={t('crud.cancel')}
      busy={saving}
      okButtonProps={{ disabled: !ready }}
      testId="report-designer"
    >
      {detail.isError ? <Alert type="error" showIcon title={t('common.loadFailed')} /> : null}
      {ready ? (
        <Row gutter={24}>
          <Col xs={24} lg={13}>
            {problem ? (
              <Alert
                type="error"
                showIcon
                title={problem}
                style={{ marginBottom: 12 }}
                data-testid="report-save-error"
              />
            ) : null}
            <Form form={form} layout="vertical" name="report-designer" initialValues={initial}>
              <Form.Item
                name="name"
                label={t('builder.report.name')}
                rules={[
                  { required: true, whitespace: true, message: t('builder.report.nameRequired') },
                  { max: 64, message: t('builder.report.nameMax') },
                ]}
              >
                <Input data-testid="report-name-input" />
              </Form.Item>
              <Form.Item
                name="querySql"
                label={t('builder.report.query')}
                extra={t('builder.report.queryHint')}
                rules={[{ required: true, whitespace: true, message: t('builder.report.queryRequired') }]}
              >
                <QueryField editor={editor} onRun={() => paramForm.current?.submit()} />
              </Form.Item>
              <Form.Item label={t('builder.report.params')}>
                <ParamCount form={form} />
                <ParamDeclarations />
              </Form.Item>
              <Row gutter={12}>
                <Col span={8}>
                  <Form.Item name="chart" label={t('builder.report.chart')}>
                    <Select
                      options={CHARTS.map((value) => ({ value, label: t(`builder.report.chart.${value}`) }))}
                      data-testid="report-chart-select"
                    />
                  </Form.Item>
                </Col>
                <Col span={8}>
                  <Form.Item name="x" label={t('builder.report.x')}>
                    <AutoComplete options={columns} allowClear placeholder={t('builder.report.auto')} />
                  </Form.Item>
                </Col>
                <Col span={8}>
                  <Form.Item name="y" label={t('builder.report.y')}>
                    <Select
                      mode="tags"
                      options={columns}
                      maxCount={10}
                      placeholder={t('builder.report.auto')}
                    />
                  </Form.Item>
                </Col>
              </Row>
              <Form.Item label={t('builder.report.labels')} extra={t('builder.report.labelsHint')}>
                <ColumnLabels columns={preview?.columns ?? Object.keys(initial.labels ?? {})} />
              </Form.Item>
              <Form.Item
                name="cacheSeconds"
                label={t('builder.report.cacheSeconds')}
                extra={t('builder.report.cacheHint')}
              >
                <InputNumber min={0} max={CACHE_MAX} precision={0} style={{ width: 200 }} />
              </Form.Item>
              <Form.Item
                name="roleIds"
                label={t('builder.report.roles')}
                extra={t('builder.report.rolesHint')}
              >
                <RoleTreeSelect placeholder={t('builder.report.rolesNone')} data-testid="report-roles" />
              </Form.Item>
              <Form.Item
                name="remark"
                label={t('builder.report.remark')}
                rules={[{ max: 255, message: t('builder.report.remarkMax') }]}
              >
                <Input.TextArea rows={2} />
              </Form.Item>
            </Form>
          </Col>
          <Col xs={24} lg={11}>
            <Divider titlePlacement="start" style={{ marginTop: 0 }}>
              {t('builder.report.previewTitle')}
            </Divider>
            <ReportPreview
              form={form}
              result={preview}
              onResult={showPreview}
              onPress={() => editor.current?.closeCompletion()}
              paramForm={paramForm}
            />
          </Col>
        </Row>
      ) : (
        <Spin />
      )}
    </ActionDialog>
  );
}
