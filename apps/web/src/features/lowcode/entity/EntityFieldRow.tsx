import { DATA_TYPES, IDENTIFIER } from '@yuan/contract/lowcode/entity';
import { AutoComplete, Button, Checkbox, Form, Input, InputNumber, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ElementDefine } from '../api.ts';
import { type FieldRow, fromDefinition, hasBounds } from './elementRules.ts';
import { containsFilter, type FieldChoices } from './useFieldChoices.ts';

interface EntityFieldRowProps {
  /** The row's name inside the `fields` list. */
  name: number;
  index: number;
  defines: ElementDefine[];
  choices: FieldChoices;
  onMoveUp: () => void;
  onRemove: () => void;
}

/** One field of the entity editor: code, name, type, validation, and the element definition it may start from. */
export function EntityFieldRow({ name, index, defines, choices, onMoveUp, onRemove }: EntityFieldRowProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const dataTyp = Form.useWatch(['fields', name, 'dataTyp'], form) as FieldRow['dataTyp'] | undefined;
  const codeRule = { pattern: IDENTIFIER, message: t('lowcode.entity.codeRule') };
  const bounded = hasBounds(dataTyp);

  const pick = (defNo: string | undefined) => {
    const def = defines.find((d) => d.defNo === defNo);
    if (!def) {
      return;
    }
    // A definition brings its type and validation; the row keeps its own code and name.
    const filled = fromDefinition(def);
    for (const [key, value] of Object.entries(filled)) {
      form.setFieldValue(['fields', name, key], value);
    }
  };

  return (
    <Space align="start" wrap data-testid={`entity-field-${index}`}>
      <Form.Item name={[name, 'id']} hidden>
        <Input />
      </Form.Item>
      <Form.Item
        name={[name, 'eleNo']}
        rules={[{ required: true, message: t('lowcode.field.eleNoRequired') }, codeRule]}
      >
        <Input
          placeholder={t('lowcode.field.eleNo')}
          aria-label={t('lowcode.field.eleNo')}
          style={{ width: 140 }}
        />
      </Form.Item>
      <Form.Item
        name={[name, 'eleName']}
        rules={[{ required: true, whitespace: true, message: t('lowcode.field.eleNameRequired') }]}
      >
        <Input
          placeholder={t('lowcode.field.eleName')}
          aria-label={t('lowcode.field.eleName')}
          style={{ width: 140 }}
        />
      </Form.Item>
      <Form.Item name={[name, 'dataTyp']} rules={[{ required: true }]}>
        <Select
          aria-label={t('lowcode.field.dataTyp')}
          style={{ width: 110 }}
          options={DATA_TYPES.map((type) => ({ value: type, label: type }))}
        />
      </Form.Item>
      <Form.Item name={[name, 'required']} valuePropName="checked">
        <Checkbox>{t('lowcode.field.required')}</Checkbox>
      </Form.Item>
      <Form.Item name={[name, 'min']}>
        <InputNumber
          disabled={!bounded}
          placeholder={t('lowcode.field.min')}
          aria-label={t('lowcode.field.min')}
          style={{ width: 90 }}
        />
      </Form.Item>
      <Form.Item name={[name, 'max']}>
        <InputNumber
          disabled={!bounded}
          placeholder={t('lowcode.field.max')}
          aria-label={t('lowcode.field.max')}
          style={{ width: 90 }}
        />
      </Form.Item>
      <Form.Item name={[name, 'unique']} valuePropName="checked">
        <Checkbox>{t('lowcode.field.unique')}</Checkbox>
      </Form.Item>
      <Form.Item name={[name, 'defNo']}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          aria-label={t('lowcode.field.defNo')}
          placeholder={t('lowcode.field.defNo')}
          style={{ width: 150 }}
          options={defines.map((d) => ({ value: d.defNo, label: `${d.defName} (${d.defNo})` }))}
          filterOption={containsFilter}
          onChange={pick}
        />
      </Form.Item>
      <Form.Item name={[name, 'dictCode']}>
        <AutoComplete
          allowClear
          aria-label={t('lowcode.field.dictCode')}
          placeholder={t('lowcode.field.dictCode')}
          style={{ width: 150 }}
          options={choices.dictionaries}
          filterOption={containsFilter}
        />
      </Form.Item>
      <Form.Item name={[name, 'refEntId']}>
        <Select
          allowClear
          showSearch={{ filterOption: containsFilter }}
          aria-label={t('lowcode.field.refEntId')}
          placeholder={t('lowcode.field.refEntId')}
          style={{ width: 150 }}
          options={choices.entities}
        />
      </Form.Item>
      <Button disabled={index === 0} onClick={onMoveUp}>
        {t('lowcode.field.up')}
      </Button>
      <Button danger onClick={onRemove}>
        {t('lowcode.field.remove')}
      </Button>
    </Space>
  );
}
