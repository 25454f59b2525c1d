import { IDENTIFIER } from '@yuan/contract/lowcode/entity';
import type { FormField } from '@yuan/contract/lowcode/form-json';
import { Alert, Button, Form } from 'antd';
import type { Rule } from 'antd/es/form';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionDialog } from '../../../shared/components/ActionDialog.tsx';
import { SchemaFields } from '../../../shared/schema-form/SchemaFields.tsx';
import { type EntityRow, entityApi } from '../api.ts';
import { EntityFieldHeader } from './EntityFieldHeader.tsx';
import { EntityFieldRow } from './EntityFieldRow.tsx';
import { type FieldRow, followRename, toElements, toFieldRow } from './elementRules.ts';
import { useElementDefines } from './useElementDefines.ts';
import { useFieldChoices } from './useFieldChoices.ts';
import './entityEditor.css';

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
  // The entity's own fields; its list of fields below is a table of rows of their own.
  const head: FormField[] = [
    { type: 'input', prop: 'entNo', label: t('lowcode.entity.entNo'), span: 6, disabled: entity !== null },
    { type: 'input', prop: 'entName', label: t('lowcode.entity.entName'), span: 6 },
    { type: 'input', prop: 'remark', label: t('lowcode.entity.remark'), span: 7 },
    {
      type: 'select',
      prop: 'treeField',
      label: t('lowcode.entity.treeField'),
      span: 5,
      clearable: true,
      dicData: codes.map((code) => ({ value: code, label: code })),
    },
  ];
  const headRules: Record<string, Rule[]> = {
    entNo: [{ required: true, message: t('lowcode.entity.entNoRequired') }, codeRule],
    entName: [{ required: true, whitespace: true, message: t('lowcode.entity.entNameRequired') }],
    remark: [],
    treeField: [],
  };

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
      // Wide enough for a field's settings on one line at 1440 px (entityEditor.css).
      width={1360}
      forceRender
      wrapClassName="entity-editor"
      keepContent
    >
      <Form form={form} layout="vertical" name="entity">
        <SchemaFields
          fields={head}
          rules={headRules}
          items={{ treeField: { tooltip: t('lowcode.entity.treeFieldHint') } }}
          gutter={16}
        />
        <Form.List name="fields">
          {(rows, { add, remove, move }) => (
            <>
              <div className="entity-field-list">
                <EntityFieldHeader />
                {rows.map((row, index) => (
                  <EntityFieldRow
                    key={row.key}
                    name={row.name}
                    index={index}
                    last={index === rows.length - 1}
                    defines={defines.data ?? []}
                    choices={choices}
                    onMoveUp={() => move(index, index - 1)}
                    onMoveDown={() => move(index, index + 1)}
                    onRemove={() => remove(row.name)}
                  />
                ))}
              </div>
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
