import { MINDMAP_BINDINGS, type MindmapBind, type MindmapBinding } from '@yuan/contract/lowcode/mindmap';
import { Alert, Card, Empty, Form, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { cleanBind } from './mindData.ts';
import { useEntityChoices, useFormChoices, useRefFieldChoices, useServiceChoices } from './useBindChoices.ts';

export interface BindPanelProps {
  /** The selected node's topic, or null when no node is selected. */
  topic: string | null;
  bind: MindmapBind | undefined;
  /** The entity of the nearest bound ancestor: what a sub-list's or sub-form's reference field must point at. */
  parentEntId: string | undefined;
  disabled?: boolean;
  onChange: (bind: MindmapBind | undefined) => void;
}

const USES_ENTITY: readonly MindmapBinding[] = ['list', 'form', 'sublist', 'subform'];
const USES_FORM: readonly MindmapBinding[] = ['form', 'subform'];
const USES_REF: readonly MindmapBinding[] = ['sublist', 'subform'];

/**
 * What the selected node opens when the map runs: its kind, the entity, the designed form, the reference field of a
 * sub-view and the service path. A change applies to the node at once (and makes the map unsaved).
 */
export function BindPanel({ topic, bind, parentEntId, disabled, onChange }: BindPanelProps) {
  const { t } = useTranslation();
  const kind = bind?.kind;
  const entities = useEntityChoices(topic !== null);
  const forms = useFormChoices(kind && USES_FORM.includes(kind) ? bind?.entId : undefined);
  const refFields = useRefFieldChoices(
    kind && USES_REF.includes(kind) ? bind?.entId : undefined,
    parentEntId,
  );
  const services = useServiceChoices(kind === 'service');

  if (topic === null) {
    return (
      <Card size="small" title={t('mindmap.bind.title')} data-testid="mindmap-bind-panel">
        <Empty description={t('mindmap.bind.pickNode')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      </Card>
    );
  }
  const change = (patch: Partial<MindmapBind>) => {
    if (!kind) {
      return;
    }
    onChange(cleanBind({ ...bind, kind, ...patch }));
  };
  return (
    <Card size="small" title={t('mindmap.bind.title')} data-testid="mindmap-bind-panel">
      <Typography.Paragraph strong ellipsis data-testid="mindmap-bind-topic">
        {topic}
      </Typography.Paragraph>
      <Form layout="vertical" disabled={disabled} component="div">
        <Form.Item label={t('mindmap.bind.kind')} htmlFor="mindmap-bind-kind">
          <Select<MindmapBinding>
            id="mindmap-bind-kind"
            data-testid="mindmap-bind-kind"
            allowClear
            placeholder={t('mindmap.bind.none')}
            value={kind}
            options={MINDMAP_BINDINGS.map((value) => ({ value, label: t(`mindmap.kind.${value}`) }))}
            // A new kind keeps the entity (a list turned into a form of the same entity) and drops what it cannot use.
            onChange={(value) => onChange(value ? cleanBind({ ...bind, kind: value }) : undefined)}
          />
        </Form.Item>
        {kind && USES_ENTITY.includes(kind) ? (
          <Form.Item label={t('mindmap.bind.entity')} htmlFor="mindmap-bind-entity">
            <Select
              id="mindmap-bind-entity"
              data-testid="mindmap-bind-entity"
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('mindmap.bind.entityPick')}
              value={bind?.entId}
              options={entities}
              // Another entity has other forms and fields: the form and the reference field are chosen again.
              onChange={(entId: string) => change({ entId, pageId: undefined, refField: undefined })}
            />
          </Form.Item>
        ) : null}
        {kind && USES_FORM.includes(kind) && bind?.entId ? (
          <Form.Item
            label={t('mindmap.bind.page')}
            htmlFor="mindmap-bind-page"
            extra={t('mindmap.bind.pageHint')}
          >
            <Select
              id="mindmap-bind-page"
              data-testid="mindmap-bind-page"
              allowClear
              placeholder={t('mindmap.bind.pageDefault')}
              value={bind.pageId}
              options={forms.map((form) => ({
                value: form.value,
                label: form.isDefault ? `${form.label} · ${t('mindmap.bind.default')}` : form.label,
              }))}
              onChange={(pageId?: string) => change({ pageId })}
            />
          </Form.Item>
        ) : null}
        {kind && USES_REF.includes(kind) ? (
          <RefField
            parentEntId={parentEntId}
            entId={bind?.entId}
            value={bind?.refField}
            choices={refFields}
            onChange={(refField) => change({ refField })}
          />
        ) : null}
        {kind === 'service' ? (
          <Form.Item label={t('mindmap.bind.service')} htmlFor="mindmap-bind-service">
            <Select
              id="mindmap-bind-service"
              data-testid="mindmap-bind-service"
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('mindmap.bind.servicePick')}
              value={bind?.servicePath}
              options={services}
              onChange={(servicePath: string) => change({ servicePath })}
            />
          </Form.Item>
        ) : null}
      </Form>
    </Card>
  );
}

/** The reference field of a sub-view, or why there is none to choose. */
function RefField(props: {
  parentEntId: string | undefined;
  entId: string | undefined;
  value: string | undefined;
  choices: { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  if (!props.parentEntId) {
    return (
      <Alert
        type="warning"
        showIcon
        title={t('mindmap.bind.noParentEntity')}
        data-testid="mindmap-bind-noparent"
      />
    );
  }
  if (!props.entId) {
    return null;
  }
  return (
    <Form.Item
      label={t('mindmap.bind.refField')}
      htmlFor="mindmap-bind-ref"
      extra={props.choices.length === 0 ? t('mindmap.bind.noRefField') : t('mindmap.bind.refHint')}
    >
      <Select
        id="mindmap-bind-ref"
        data-testid="mindmap-bind-ref"
        placeholder={t('mindmap.bind.refPick')}
        value={props.value}
        options={props.choices}
        onChange={props.onChange}
      />
    </Form.Item>
  );
}
