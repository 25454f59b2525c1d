import { AutoComplete, Form, Input, InputNumber, Radio, Select } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import {
  type ActionKind,
  isWebhookUrl,
  SECRET_MAX,
  SECRET_MIN,
  type TriggerFormValues,
} from './triggerForm.ts';
import { useProcessChoices, useServiceChoices } from './useTriggerChoices.ts';

const KINDS: readonly ActionKind[] = ['process', 'service', 'webhook'];

interface TriggerActionFieldsProps {
  /** A webhook without a stored secret (a new one, or another action turned into one) must be given one. */
  secretRequired: boolean;
}

/** The action of a trigger: its kind, then the fields of that kind only (the others are not posted). */
export function TriggerActionFields({ secretRequired }: TriggerActionFieldsProps) {
  const { t } = useTranslation();
  const kind = Form.useWatch<ActionKind | undefined>('kind');
  const processes = useProcessChoices();
  const services = useServiceChoices();

  const urlRules: Rule[] = [
    { required: true, whitespace: true, message: t('trigger.urlRequired') },
    {
      validator: (_, value: string | undefined) =>
        !value?.trim() || isWebhookUrl(value)
          ? Promise.resolve()
          : Promise.reject(new Error(t('trigger.urlInvalid'))),
    },
  ];
  const secretRules: Rule[] = [
    { required: secretRequired, message: t('trigger.secretRequired') },
    { min: SECRET_MIN, max: SECRET_MAX, message: t('trigger.secretLength') },
  ];

  return (
    <>
      <Form.Item<TriggerFormValues> name="kind" label={t('trigger.action')} required>
        <Radio.Group
          optionType="button"
          options={KINDS.map((value) => ({ value, label: t(`trigger.action.${value}`) }))}
          data-testid="trigger-kind"
        />
      </Form.Item>
      {kind === 'process' ? (
        <Form.Item<TriggerFormValues>
          name="processKey"
          label={t('trigger.processKey')}
          rules={[
            { required: true, whitespace: true, message: t('trigger.processKeyRequired') },
            { max: 64 },
          ]}
        >
          {/* A key typed by hand is kept too: a model may be deployed later, or listed on a screen not granted. */}
          <AutoComplete
            options={processes.data ?? []}
            placeholder={t('trigger.processKeyPick')}
            showSearch={{
              filterOption: (input, option) =>
                String(option?.label ?? '')
                  .toLowerCase()
                  .includes(input.toLowerCase()),
            }}
          />
        </Form.Item>
      ) : null}
      {kind === 'service' ? (
        <Form.Item<TriggerFormValues>
          name="serviceId"
          label={t('trigger.service')}
          rules={[{ required: true, message: t('trigger.serviceRequired') }]}
        >
          <Select
            options={services.data ?? []}
            loading={services.isFetching}
            placeholder={t('trigger.servicePick')}
            showSearch={{ optionFilterProp: 'label' }}
          />
        </Form.Item>
      ) : null}
      {kind === 'webhook' ? (
        <>
          <Form.Item<TriggerFormValues> name="url" label={t('trigger.url')} rules={urlRules}>
            <Input placeholder="https://example.com/hook" maxLength={2000} />
          </Form.Item>
          <Form.Item<TriggerFormValues>
            name="secret"
            label={t('trigger.secret')}
            rules={secretRules}
            extra={t('trigger.secretHint')}
          >
            <Input.Password
              autoComplete="new-password"
              maxLength={SECRET_MAX}
              placeholder={secretRequired ? undefined : t('trigger.secretKeep')}
            />
          </Form.Item>
          <Form.Item<TriggerFormValues>
            name="timeoutSeconds"
            label={t('trigger.timeout')}
            extra={t('trigger.timeoutHint')}
          >
            <InputNumber min={1} max={60} precision={0} placeholder="10" style={{ width: 160 }} />
          </Form.Item>
        </>
      ) : null}
    </>
  );
}
