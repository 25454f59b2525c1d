import { DATA_TYPES, IDENTIFIER } from '@yuan/contract/lowcode/entity';
import { Alert, Button, Checkbox, Form, Input, InputNumber, Modal, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type EntityRow, entityApi } from '../api.ts';
import { type FieldRow, toElements, toFieldRow } from './elementRules.ts';

interface Values {
  entNo: string;
  entName: string;
  remark?: string;
  fields: FieldRow[];
}

const NEW_FIELD: FieldRow = { eleNo: '', eleName: '', dataTyp: 'string' };

/** Add or edit an entity's definition: its code, name and field list (saving never touches the table). */
export function EntityEditor({
  entity,
  open,
  onClose,
  onSaved,
}: {
  entity: EntityRow | null;
  open: boolean;
  onClose: () => void;
  onSaved: (saved: { id: string; entName: string }) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState('');
  const codeRule = { pattern: IDENTIFIER, message: t('lowcode.entity.codeRule') };

  useEffect(() => {
    if (open) {
      setError('');
      form.setFieldsValue(
        entity
          ? {
              entNo: entity.entNo,
              entName: entity.entName,
              remark: entity.remark,
              fields: entity.elements.map(toFieldRow),
            }
          : { entNo: '', entName: '', remark: '', fields: [{ ...NEW_FIELD }] },
      );
    }
  }, [open, entity, form]);

  const save = async () => {
    const values = await form.validateFields();
    setSaving(true);
    setError('');
    try {
      const saved = await entityApi.save({
        ...(entity ? { id: entity.id } : {}),
        entNo: values.entNo,
        entName: values.entName,
        remark: values.remark ?? '',
        elements: toElements(values.fields ?? []),
      });
      onSaved({ id: saved.id, entName: values.entName });
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t(entity ? 'lowcode.entity.edit' : 'lowcode.entity.add')}
      onOk={save}
      okText={t('crud.submit')}
      confirmLoading={saving}
      onCancel={onClose}
      width={980}
      forceRender
      wrapClassName="entity-editor"
    >
      <Form form={form} layout="vertical" name="entity">
        <Space wrap>
          <Form.Item name="entNo" label={t('lowcode.entity.entNo')} rules={[{ required: true }, codeRule]}>
            <Input disabled={entity !== null} style={{ width: 220 }} />
          </Form.Item>
          <Form.Item name="entName" label={t('lowcode.entity.entName')} rules={[{ required: true }]}>
            <Input style={{ width: 220 }} />
          </Form.Item>
          <Form.Item name="remark" label={t('lowcode.entity.remark')}>
            <Input style={{ width: 360 }} />
          </Form.Item>
        </Space>
        <Form.List name="fields">
          {(rows, { add, remove, move }) => (
            <>
              {rows.map((row, index) => (
                <Space key={row.key} align="start" wrap data-testid={`entity-field-${index}`}>
                  <Form.Item name={[row.name, 'id']} hidden>
                    <Input />
                  </Form.Item>
                  <Form.Item name={[row.name, 'eleNo']} rules={[{ required: true }, codeRule]}>
                    <Input
                      placeholder={t('lowcode.field.eleNo')}
                      aria-label={t('lowcode.field.eleNo')}
                      style={{ width: 150 }}
                    />
                  </Form.Item>
                  <Form.Item name={[row.name, 'eleName']} rules={[{ required: true }]}>
                    <Input
                      placeholder={t('lowcode.field.eleName')}
                      aria-label={t('lowcode.field.eleName')}
                      style={{ width: 150 }}
                    />
                  </Form.Item>
                  <Form.Item name={[row.name, 'dataTyp']} rules={[{ required: true }]}>
                    <Select
                      aria-label={t('lowcode.field.dataTyp')}
                      style={{ width: 120 }}
                      options={DATA_TYPES.map((type) => ({ value: type, label: type }))}
                    />
                  </Form.Item>
                  <Form.Item name={[row.name, 'required']} valuePropName="checked">
                    <Checkbox>{t('lowcode.field.required')}</Checkbox>
                  </Form.Item>
                  <Form.Item name={[row.name, 'min']}>
                    <InputNumber placeholder={t('lowcode.field.min')} style={{ width: 90 }} />
                  </Form.Item>
                  <Form.Item name={[row.name, 'max']}>
                    <InputNumber placeholder={t('lowcode.field.max')} style={{ width: 90 }} />
                  </Form.Item>
                  <Form.Item name={[row.name, 'unique']} valuePropName="checked">
                    <Checkbox>{t('lowcode.field.unique')}</Checkbox>
                  </Form.Item>
                  <Button disabled={index === 0} onClick={() => move(index, index - 1)}>
                    {t('lowcode.field.up')}
                  </Button>
                  <Button danger onClick={() => remove(row.name)}>
                    {t('lowcode.field.remove')}
                  </Button>
                </Space>
              ))}
              <Button
                type="dashed"
                data-testid="entity-field-add"
                onClick={() => add({ ...NEW_FIELD })}
                block
              >
                {t('lowcode.field.add')}
              </Button>
            </>
          )}
        </Form.List>
      </Form>
      {error ? <Alert type="error" showIcon style={{ marginTop: 12 }} message={error} /> : null}
    </Modal>
  );
}
