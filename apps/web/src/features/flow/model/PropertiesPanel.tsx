import { Empty, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  attrOf,
  attrPatch,
  conditionOf,
  conditionPatch,
  durationOf,
  durationPatch,
  isTimerDuration,
  panelKind,
  SERVICE_TASK_ATTR,
  timerOf,
  type YuanAttr,
} from '../bpmn/properties.ts';
import type { Diagram, DiagramElement } from '../bpmn/services.ts';
import { typeName } from '../bpmn/typeNames.ts';

interface Props {
  diagram: Diagram;
  element: DiagramElement | null;
  /** Changes with every edit of the diagram: the fields read the element again (undo, direct editing). */
  revision: number;
}

interface FieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (text: string) => void;
  placeholder?: string;
  extra?: string;
  multiline?: boolean;
  error?: string;
}

function Field({ id, label, value, onChange, placeholder, extra, multiline, error }: FieldProps) {
  const input = multiline ? (
    <Input.TextArea
      id={id}
      data-testid={id}
      value={value}
      autoSize={{ minRows: 2, maxRows: 6 }}
      placeholder={placeholder}
      onChange={(event) => onChange(event.target.value)}
    />
  ) : (
    <Input
      id={id}
      data-testid={id}
      value={value}
      placeholder={placeholder}
      allowClear
      onChange={(event) => onChange(event.target.value)}
    />
  );
  return (
    <Form.Item
      label={label}
      htmlFor={id}
      extra={error ? undefined : extra}
      validateStatus={error ? 'error' : undefined}
      help={error}
    >
      {input}
    </Form.Item>
  );
}

const USER_FIELDS: { attr: YuanAttr; key: string; hint: string; placeholder?: string }[] = [
  {
    attr: 'yuan:assignee',
    key: 'assignee',
    hint: 'flow.bpmn.assigneeHint',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: an engine expression, shown as written.
    placeholder: '${starter}',
  },
  { attr: 'yuan:candidateUsers', key: 'candidateUsers', hint: 'flow.bpmn.candidateUsersHint' },
  { attr: 'yuan:candidateGroups', key: 'candidateGroups', hint: 'flow.bpmn.candidateGroupsHint' },
  { attr: 'yuan:formPage', key: 'formPage', hint: 'flow.bpmn.formPageHint' },
];

/**
 * The side panel of the modeller: the selected element's name and, by its type, the attributes the engine reads.
 * Each edit goes through `modeling`, so it can be undone like any change on the canvas.
 */
export function PropertiesPanel({ diagram, element }: Props) {
  const { t } = useTranslation();
  if (!element) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('flow.bpmn.pickElement')} />;
  }
  const bo = element.businessObject;
  const kind = panelKind(bo);
  const modeling = diagram.get('modeling');
  const moddle = diagram.get('moddle');
  const setAttr = (name: YuanAttr | 'name', text: string) =>
    modeling.updateProperties(element, attrPatch(name, text));
  const timer = timerOf(bo);
  const duration = timer ? durationOf(timer) : '';

  return (
    <Form layout="vertical" size="small" data-testid="flow-props" data-element-type={bo.$type}>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        <span data-testid="flow-prop-type">{typeName(bo)}</span> ·{' '}
        <Typography.Text code>{bo.id}</Typography.Text>
      </Typography.Paragraph>
      <Field
        id="flow-prop-name"
        label={t('flow.bpmn.name')}
        value={attrOf(bo, 'name')}
        onChange={(text) => setAttr('name', text)}
      />
      {kind === 'userTask'
        ? USER_FIELDS.map((field) => (
            <Field
              key={field.attr}
              id={`flow-prop-${field.key}`}
              label={t(`flow.bpmn.${field.key}`)}
              extra={t(field.hint)}
              placeholder={field.placeholder}
              value={attrOf(bo, field.attr)}
              onChange={(text) => setAttr(field.attr, text)}
            />
          ))
        : null}
      {kind === 'serviceTask' ? (
        <Field
          id="flow-prop-service"
          label={t('flow.bpmn.service')}
          extra={t('flow.bpmn.serviceHint')}
          placeholder="support/QueryUnRead"
          value={attrOf(bo, SERVICE_TASK_ATTR)}
          onChange={(text) => setAttr(SERVICE_TASK_ATTR, text)}
        />
      ) : null}
      {kind === 'sequenceFlow' ? (
        <Field
          id="flow-prop-condition"
          label={t('flow.bpmn.condition')}
          extra={t('flow.bpmn.conditionHint')}
          placeholder="${amount > 100}"
          multiline
          value={conditionOf(bo)}
          onChange={(text) => modeling.updateProperties(element, conditionPatch(moddle, text))}
        />
      ) : null}
      {timer ? (
        <Field
          id="flow-prop-duration"
          label={t('flow.bpmn.duration')}
          extra={t('flow.bpmn.durationHint')}
          placeholder="PT5M"
          value={duration}
          error={duration && !isTimerDuration(duration) ? t('flow.bpmn.durationInvalid') : undefined}
          onChange={(text) => modeling.updateModdleProperties(element, timer, durationPatch(moddle, text))}
        />
      ) : null}
    </Form>
  );
}
