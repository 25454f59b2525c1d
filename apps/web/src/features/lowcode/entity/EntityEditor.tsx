import { IDENTIFIER } from '@yuan/contract/lowcode/entity';
import { Alert, Button, Form, Input, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionDialog } from '../../../shared/components/ActionDialog.tsx';
import { type EntityRow, entityApi } from '../api.ts';
import { EntityFieldRow } from './EntityFieldRow.tsx';
import { type FieldRow, followRename, toElements, toFieldRow } from './elementRules.ts';
import { useElementDefines } from './useElementDefines.ts';
import { useFieldChoices } from './useFieldChoices.ts';

interface Values {
  entNo: string;
  entName: string;
  remark?: string;
  treeField?: string;
  fields?: FieldRow[];
}

const NEW_FIELD: FieldRow = { eleNo: '', eleName: '', dataTyp: 'string' };

interface EntityEditorProps {
  entity: EntityRow | null;
  open: boolean;
  onClose: () => void;
  onSaved: (saved: { id: string; entName: string }) => void;
}

/** Add or edit an entity's definition: its code, name and field list (saving never touches the table). */
export function EntityEditor({ entity, open, onClose, onSaved }: EntityEditorProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState('');
  const defines = useElementDefines(open);
  const choices = useFieldChoices(open);
  const codeRule = { pattern: IDENTIFIER, message: t('lowcode.entity.codeRule') };
  const rows = Form.useWatch('fields', form) as FieldRow[] | undefined;
  const codes = (rows ?? []).map((row) => row?.eleNo).filter((code): code is string => Boolean(code));

  useEffect(() => {
    if (open) {
      setError('');
      form.resetFields();
      form.setFieldsValue(
        entity
          ? {
              entNo: entity.entNo,
              entName: entity.entName,
              remark: entity.remark,
              treeField: entity.treeField || undefined,
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
      // Each element keeps its id: a code changed on the same id is a rename that keeps the column's data.
      const saved = await entityApi.save({
        ...(entity ? { id: entity.id } : {}),
        entNo: values.entNo,
        entName: values.entName,
        remark: values.remark ?? '',
        treeField: followRename(values.treeField, entity?.elements ?? [], values.fields ?? []),
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
    <ActionDialog
      open={open}
      title={t(entity ? 'lowcode.entity.edit' : 'lowcode.entity.add')}
      onOk={() => void save().catch(() => undefined)}
      okText={t('crud.submit')}
      cancelText={t('crud.cancel')}
      busy={saving}
      onCancel={onClose}
      width={1100}
      forceRender
      wrapClassName="entity-editor"
      keepContent
    >
      <Form form={form} layout="vertical" name="entity">
        <Space wrap>
          <Form.Item
            name="entNo"
            label={t('lowcode.entity.entNo')}
            rules={[{ required: true, message: t('lowcode.entity.entNoRequired') }, codeRule]}
          >
            <Input disabled={entity !== null} style={{ width: 220 }} />
          </Form.Item>
          <Form.Item
            name="entName"
            label={t('lowcode.entity.entName')}
            rules={[{ required: true, whitespace: true, message: t('lowcode.entity.entNameRequired') }]}
          >
            <Input style={{ width: 220 }} />
          </Form.Item>
          <Form.Item name="remark" label={t('lowcode.entity.remark')}>
            <Input style={{ width: 300 }} />
          </Form.Item>
          <Form.Item
            name="treeField"
            label={t('lowcode.entity.treeField')}
            tooltip={t('lowcode.entity.treeFieldHint')}
          >
            <Select
              allowClear
              style={{ width: 200 }}
              aria-label={t('lowcode.entity.treeField')}
              options={codes.map((code) => ({ value: code, label: code }))}
            />
          </Form.Item>
        </Space>
        <Form.List name="fields">
          {(rows, { add, remove, move }) => (
            <>
              {rows.map((row, index) => (
                <EntityFieldRow
                  key={row.key}
                  name={row.name}
                  index={index}
                  defines={defines.data ?? []}
                  choices={choices}
                  onMoveUp={() => move(index, index - 1)}
                  onRemove={() => remove(row.name)}
                />
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
      {error ? <Alert type="error" showIcon style={{ marginTop: 12 }} title={error} /> : null}
    </ActionDialog>
  );
}
