import { ELEMENT_NAME_MAX, IDENTIFIER } from '@yuan/contract/lowcode/entity';
import type { FormField } from '@yuan/contract/lowcode/form-json';
import { Alert, Form, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionDialog } from '../../../shared/components/ActionDialog.tsx';
import type { HostItem } from '../../../shared/schema-form/context.ts';
import { SchemaFields } from '../../../shared/schema-form/SchemaFields.tsx';
import { addReference, type NewReference } from './erdApi.ts';
import { type ErdEntity, proposeFieldCode } from './graph.ts';

/** A reference the user drew: a new field of `source` that will point at rows of `target`. */
export interface ReferenceDraft {
  source: ErdEntity;
  target: ErdEntity;
}

interface AddReferenceDialogProps {
  draft: ReferenceDraft | null;
  onClose: () => void;
  /** The source entity was saved with its new field (its table is not changed until it is synced). */
  onSaved: (saved: { id: string; entName: string }) => void;
}

/** Names the field a drawn reference adds, then saves it into the source entity's definition. */
/** A field's code and name are new words: the browser offers nothing it remembers. */
const NO_AUTOFILL: Record<string, HostItem> = {
  eleNo: { autoComplete: 'off' },
  eleName: { autoComplete: 'off' },
};

export function AddReferenceDialog({ draft, onClose, onSaved }: AddReferenceDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<NewReference>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState('');

  useEffect(() => {
    if (draft) {
      setError('');
      form.resetFields();
      // The usual name of a reference: the referenced entity's code with _id, and its name.
      form.setFieldsValue({
        eleNo: proposeFieldCode(draft.source, draft.target),
        eleName: draft.target.entName,
      });
    }
  }, [draft, form]);

  const save = async () => {
    if (!draft) {
      return;
    }
    const values = await form.validateFields();
    setSaving(true);
    setError('');
    try {
      const saved = await addReference(draft.source.id, draft.target.id, {
        eleNo: values.eleNo,
        eleName: values.eleName.trim(),
      });
      onSaved({ id: saved.id, entName: draft.source.entName });
    } catch (e) {
      // The server's own reason (a reserved code, a duplicate, a limit) is shown where the user is looking.
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setSaving(false);
    }
  };

  const taken = new Set(draft?.source.elements.map((e) => e.eleNo) ?? []);
  const fields: FormField[] = [
    { type: 'input', prop: 'eleNo', label: t('lowcode.field.eleNo') },
    { type: 'input', prop: 'eleName', label: t('lowcode.field.eleName'), maxlength: ELEMENT_NAME_MAX },
  ];
  // The designer's texts: what a code may hold, and a code the entity already has.
  const rules: Record<string, Rule[]> = {
    eleNo: [
      { required: true, message: t('lowcode.field.eleNoRequired') },
      { pattern: IDENTIFIER, message: t('lowcode.entity.codeRule') },
      {
        validator: async (_, value: string | undefined) => {
          if (value && taken.has(value)) {
            throw new Error(t('erd.addRef.codeTaken', { code: value }));
          }
        },
      },
    ],
    eleName: [
      { required: true, whitespace: true, message: t('lowcode.field.eleNameRequired') },
      { max: ELEMENT_NAME_MAX, message: t('erd.addRef.nameTooLong', { max: ELEMENT_NAME_MAX }) },
    ],
  };
  return (
    <ActionDialog
      open={draft !== null}
      title={t('erd.addRef.title')}
      okText={t('crud.submit')}
      cancelText={t('crud.cancel')}
      onOk={() => void save().catch(() => undefined)}
      onCancel={onClose}
      busy={saving}
      forceRender
      wrapClassName="erd-reference"
      keepContent
    >
      <Typography.Paragraph data-testid="erd-reference-intro">
        {t('erd.addRef.intro', { source: draft?.source.entName ?? '', target: draft?.target.entName ?? '' })}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" name="erd-reference">
        <SchemaFields fields={fields} rules={rules} items={NO_AUTOFILL} />
      </Form>
      {error ? <Alert type="error" showIcon title={error} data-testid="erd-reference-error" /> : null}
    </ActionDialog>
  );
}
