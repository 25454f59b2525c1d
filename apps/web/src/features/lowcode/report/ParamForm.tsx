import { CaretRightOutlined } from '@ant-design/icons';
import type { ReportParam } from '@yuan/contract/develop/report';
import { Button, DatePicker, Form, Input, InputNumber, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, type Ref, useImperativeHandle, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ParamValues } from './reportApi.ts';

const DAY = 'YYYY-MM-DD';
type Raw = Record<string, string | number | Dayjs | null | undefined>;

/** The form's first values: each parameter's default (a date default as a date). */
export function initialValues(params: readonly ReportParam[]): Raw {
  const out: Raw = {};
  for (const p of params) {
    const value = p.defaultValue;
    if (value === undefined || value === '') {
      continue;
    }
    out[p.name] =
      p.type === 'date' && dayjs(String(value), DAY, true).isValid() ? dayjs(String(value), DAY) : value;
  }
  return out;
}

/** The values to send, by name: empty ones are left out (the server then takes the default). */
export function paramValues(params: readonly ReportParam[], raw: Raw): ParamValues {
  const out: ParamValues = {};
  for (const p of params) {
    const value = raw[p.name];
    if (value === null || value === undefined || value === '') {
      continue;
    }
    if (dayjs.isDayjs(value)) {
      out[p.name] = value.format(DAY);
    } else {
      out[p.name] = p.type === 'number' ? Number(value) : value;
    }
  }
  return out;
}

/** Whether the parameters can be sent as they start: every required one has a default. */
export function readyToRun(params: readonly ReportParam[]): boolean {
  return params.every((p) => !p.required || (p.defaultValue !== undefined && p.defaultValue !== ''));
}

/** The input of one parameter by its type (an element, not a component: Form.Item gives it id, value and onChange). */
function control(param: ReportParam) {
  if (param.type === 'number') {
    return <InputNumber style={{ width: 160 }} />;
  }
  if (param.type === 'date') {
    return <DatePicker format={DAY} />;
  }
  return <Input style={{ width: 200 }} allowClear />;
}

/** What a screen may ask of the parameter form: run it as its button would (a keyboard shortcut elsewhere). */
export interface ParamFormHandle {
  submit: () => void;
}

/**
 * The parameters of a report as a form, one field each in the declared order, with the run button; a required one
 * left empty stops the run here, with its label, before anything is sent.
 */
export function ParamForm({
  params,
  onRun,
  running,
  runText,
  extra,
  testId = 'report-params',
  onPress,
  handle,
}: {
  params: readonly ReportParam[];
  onRun: (values: ParamValues) => void;
  running: boolean;
  runText?: string;
  extra?: ReactNode;
  testId?: string;
  /** Each press of the run button, before the parameters are checked. */
  onPress?: () => void;
  handle?: Ref<ParamFormHandle>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Raw>();
  useImperativeHandle(handle, () => ({ submit: () => form.submit() }), [form]);
  const initial = useMemo(() => initialValues(params), [params]);
  return (
    <Form
      form={form}
      layout="inline"
      name={testId}
      initialValues={initial}
      onFinish={(raw) => onRun(paramValues(params, raw))}
      data-testid={testId}
      style={{ rowGap: 12 }}
    >
      {params.map((p) => (
        <Form.Item
          key={p.name}
          name={p.name}
          label={p.label}
          rules={
            p.required
              ? [{ required: true, message: t('builder.report.paramRequired', { label: p.label }) }]
              : []
          }
        >
          {control(p)}
        </Form.Item>
      ))}
      <Form.Item>
        <Space wrap>
          <Button
            type="primary"
            htmlType="submit"
            icon={<CaretRightOutlined />}
            loading={running}
            onClick={onPress}
            data-testid={`${testId}-run`}
          >
            {runText ?? t('builder.report.run')}
          </Button>
          {extra}
        </Space>
      </Form.Item>
    </Form>
  );
}
