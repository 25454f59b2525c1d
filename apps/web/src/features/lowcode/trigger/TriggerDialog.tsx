import { TRIGGER_EVENTS, type TriggerRecord } from '@yuan/contract/lowcode/trigger';
import { Checkbox, Form, Input, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { ActionDialog } from '../../../shared/components/ActionDialog.tsx';
import { useBusy } from '../../../shared/hooks/useBusy.ts';
import { toastSuccess } from '../../../shared/ui/feedback.ts';
import { TriggerActionFields } from './TriggerActionFields.tsx';
import { triggerApi } from './triggerApi.ts';
import {
  CONDITION_MAX,
  entityOf,
  formValues,
  NAME_MAX,
  NEW_TRIGGER,
  type TriggerFormValues,
  triggerBody,
} from './triggerForm.ts';
import { useTargetOptions } from './useTargetOptions.ts';
import { useSystemFields } from './useTriggerChoices.ts';

interface TriggerDialogProps {
  /** null: a new trigger. */
  record: TriggerRecord | null;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * Add or edit one trigger. The checks mirror the contract's (triggerSave), so most refusals are shown at their field
 * before anything is sent; what only the server knows (an internal receiver, an entity not synced) comes back as its
 * message, which the request client shows, and the dialog stays open with what was typed.
 */
export function TriggerDialog({ record, onClose, onSaved }: TriggerDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TriggerFormValues>();
  const { busy, run } = useBusy();
  const target = Form.useWatch('target', form);
  const events = Form.useWatch('events', form) ?? [];
  const targets = useTargetOptions(record);
  const systemFields = useSystemFields(target);
  const entId = entityOf(target);
  const fieldChoices = entId ? (targets.fieldsOf(entId) ?? []) : systemFields;
  // The stored secret is kept only while the trigger stays the webhook it was.
  const hasSecret = record?.action.kind === 'webhook' && record.action.hasSecret === true;

  const submit = () =>
    run(async () => {
      const values = await form.validateFields();
      await triggerApi.save(triggerBody(values, record?.id));
      toastSuccess(t(record ? 'crud.updated' : 'crud.added'));
      onSaved();
    });

  return (
    <ActionDialog
      testId="trigger-dialog"
      title={t(record ? 'trigger.editTitle' : 'trigger.addTitle')}
      okText={t('crud.submit')}
      cancelText={t('crud.cancel')}
      width={640}
      busy={busy}
      onOk={submit}
      onCancel={onClose}
    >
      <Form<TriggerFormValues>
        form={form}
        name="trigger"
        layout="vertical"
        initialValues={record ? formValues(record) : NEW_TRIGGER}
      >
        <Form.Item<TriggerFormValues>
          name="name"
          label={t('trigger.name')}
          rules={[
            { required: true, whitespace: true, message: t('trigger.nameRequired') },
            { max: NAME_MAX },
          ]}
        >
          <Input maxLength={NAME_MAX} />
        </Form.Item>
        <Form.Item<TriggerFormValues>
          name="target"
          label={t('trigger.target')}
          rules={[{ required: true, message: t('trigger.targetRequired') }]}
        >
          <Select
            options={targets.options}
            loading={targets.loading}
            placeholder={t('trigger.targetPick')}
            showSearch={{ optionFilterProp: 'label' }}
            // Another target has other fields: the chosen ones would be refused.
            onChange={() => form.setFieldValue('fields', [])}
          />
        </Form.Item>
        <Form.Item<TriggerFormValues>
          name="events"
          label={t('trigger.events')}
          rules={[{ type: 'array', required: true, min: 1, message: t('trigger.eventsRequired') }]}
        >
          <Checkbox.Group
            options={TRIGGER_EVENTS.map((value) => ({ value, label: t(`trigger.event.${value}`) }))}
          />
        </Form.Item>
        {events.includes('update') ? (
          <Form.Item<TriggerFormValues>
            name="fields"
            label={t('trigger.fields')}
            extra={t('trigger.fieldsHint')}
          >
            <Select
              mode="multiple"
              allowClear
              options={fieldChoices}
              disabled={!target}
              showSearch={{ optionFilterProp: 'label' }}
            />
          </Form.Item>
        ) : null}
        <Form.Item<TriggerFormValues>
          name="condition"
          label={t('trigger.condition')}
          extra={t('trigger.conditionHint')}
          rules={[{ max: CONDITION_MAX }]}
        >
          <Input.TextArea
            autoSize={{ minRows: 2, maxRows: 6 }}
            maxLength={CONDITION_MAX}
            placeholder={t('trigger.conditionPlaceholder')}
            spellCheck={false}
          />
        </Form.Item>
        <TriggerActionFields secretRequired={!hasSecret} />
        <Form.Item<TriggerFormValues> name="enabled" label={t('trigger.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </ActionDialog>
  );
}
