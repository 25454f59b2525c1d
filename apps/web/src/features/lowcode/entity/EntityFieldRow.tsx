import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import { DATA_TYPES, IDENTIFIER } from '@yuan/contract/lowcode/entity';
import { AutoComplete, Button, Checkbox, Form, Input, InputNumber, Select, Tooltip } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ElementDefine } from '../api.ts';
import { type FieldRow, fromDefinition, hasBounds } from './elementRules.ts';
import { containsFilter, type FieldChoices } from './useFieldChoices.ts';

interface EntityFieldRowProps {
  /** The row's name inside the `fields` list. */
  name: number;
  index: number;
  /** Whether it is the list's last row (it cannot move down). */
  last: boolean;
  defines: ElementDefine[];
  choices: FieldChoices;
  onMoveUp: () => void;
  onMoveDown: () => void;
  onRemove: () => void;
}

type Direction = 'up' | 'down';

/**
 * One field of the entity editor, on one line of the grid its header shares (EntityFieldHeader): code, name, type,
 * validation, the element definition it may start from, where its values come from, and its place in the list.
 */
export function EntityFieldRow(props: EntityFieldRowProps) {
  const { name, index, last, defines, choices, onMoveUp, onMoveDown, onRemove } = props;
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const dataTyp = Form.useWatch(['fields', name, 'dataTyp'], form) as FieldRow['dataTyp'] | undefined;
  const codeRule = { pattern: IDENTIFIER, message: t('lowcode.entity.codeRule') };
  const bounded = hasBounds(dataTyp);
  const buttons = { up: useRef<HTMLButtonElement>(null), down: useRef<HTMLButtonElement>(null) };
  // The button pressed and the row's place then, until the row has been drawn at its new place.
  const moved = useRef<{ direction: Direction; from: number } | null>(null);

  // React moves a row's element to its new place, which takes the focus off the button pressed: give it back, or
  // to the other arrow once the row has reached the end the pressed one led to (that one is then disabled). Renders
  // at the old place (the form's watchers) come first and are skipped.
  useEffect(() => {
    const pressed = moved.current;
    if (pressed && pressed.from !== index) {
      moved.current = null;
      const atEnd = pressed.direction === 'up' ? index === 0 : last;
      const other: Direction = pressed.direction === 'up' ? 'down' : 'up';
      buttons[atEnd ? other : pressed.direction].current?.focus();
    }
  });

  const move = (direction: Direction) => {
    moved.current = { direction, from: index };
    if (direction === 'up') {
      onMoveUp();
    } else {
      onMoveDown();
    }
  };

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
    <div className="entity-field-grid entity-field-row" data-testid={`entity-field-${index}`}>
      <Form.Item name={[name, 'id']} hidden>
        <Input />
      </Form.Item>
      <Form.Item
        name={[name, 'eleNo']}
        rules={[{ required: true, message: t('lowcode.field.eleNoRequired') }, codeRule]}
      >
        <Input aria-label={t('lowcode.field.eleNo')} />
      </Form.Item>
      <Form.Item
        name={[name, 'eleName']}
        rules={[{ required: true, whitespace: true, message: t('lowcode.field.eleNameRequired') }]}
      >
        <Input aria-label={t('lowcode.field.eleName')} />
      </Form.Item>
      <Form.Item name={[name, 'dataTyp']} rules={[{ required: true }]}>
        <Select
          aria-label={t('lowcode.field.dataTyp')}
          // The name shows, the code is saved; data-type finds an option whatever the language (the browser tests).
          options={DATA_TYPES.map((type) => ({
            value: type,
            label: t(`lowcode.dataTyp.${type}`),
            'data-type': type,
          }))}
        />
      </Form.Item>
      <Form.Item name={[name, 'required']} valuePropName="checked">
        <Checkbox aria-label={t('lowcode.field.required')} />
      </Form.Item>
      <Form.Item name={[name, 'min']}>
        <InputNumber disabled={!bounded} aria-label={t('lowcode.field.min')} />
      </Form.Item>
      <Form.Item name={[name, 'max']}>
        <InputNumber disabled={!bounded} aria-label={t('lowcode.field.max')} />
      </Form.Item>
      <Form.Item name={[name, 'unique']} valuePropName="checked">
        <Checkbox aria-label={t('lowcode.field.unique')} />
      </Form.Item>
      <Form.Item name={[name, 'defNo']}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          aria-label={t('lowcode.field.defNo')}
          options={defines.map((d) => ({ value: d.defNo, label: `${d.defName} (${d.defNo})` }))}
          filterOption={containsFilter}
          onChange={pick}
        />
      </Form.Item>
      <Form.Item name={[name, 'dictCode']}>
        <AutoComplete
          allowClear
          aria-label={t('lowcode.field.dictCode')}
          options={choices.dictionaries}
          filterOption={containsFilter}
        />
      </Form.Item>
      <Form.Item name={[name, 'refEntId']}>
        <Select
          allowClear
          showSearch={{ filterOption: containsFilter }}
          aria-label={t('lowcode.field.refEntId')}
          options={choices.entities}
        />
      </Form.Item>
      <div className="entity-field-actions">
        <Tooltip title={t('lowcode.field.up')}>
          <Button
            ref={buttons.up}
            aria-label={t('lowcode.field.up')}
            icon={<ArrowUpOutlined />}
            disabled={index === 0}
            onClick={() => move('up')}
          />
        </Tooltip>
        <Tooltip title={t('lowcode.field.down')}>
          <Button
            ref={buttons.down}
            aria-label={t('lowcode.field.down')}
            icon={<ArrowDownOutlined />}
            disabled={last}
            onClick={() => move('down')}
          />
        </Tooltip>
        <Tooltip title={t('lowcode.field.remove')}>
          <Button
            danger
            aria-label={t('lowcode.field.remove')}
            icon={<DeleteOutlined />}
            onClick={onRemove}
          />
        </Tooltip>
      </div>
    </div>
  );
}
