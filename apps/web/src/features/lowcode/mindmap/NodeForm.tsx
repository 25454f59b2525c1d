import { useQuery } from '@tanstack/react-query';
import type { FormJson } from '@yuan/contract/lowcode/form-json';
import { Alert, Card, Empty, Form, Result } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RequestError } from '../../../shared/api/http.ts';
import { SchemaForm } from '../../../shared/schema-form/index.ts';
import { toastSuccess } from '../../../shared/ui/feedback.ts';
import { type EntityConfig, entityDataApi } from '../api.ts';
import { useDefaultPage } from '../designList/useDefaultPage.ts';
import { EntityGate } from '../entityData/EntityGate.tsx';
import { pageDesignApi } from '../pageDesign/designApi.ts';
import { storedFormJson } from '../pageDesign/importJson.ts';
import { lockField } from './formPreset.ts';

export interface NodeFormProps {
  entId: string;
  /** The designed form to draw; the entity's default form when absent. */
  pageId?: string;
  /** A sub-form: the reference field and the parent row's id it always holds. */
  preset?: { field: string; value: string };
  /** Called after a row was added. */
  onSaved?: () => void;
}

/**
 * The form and sub-form views: the entity's designed form drawn by the one form renderer (as /page/{entId} fills
 * it) and submitted as a new row of the entity.
 */
export function NodeForm(props: NodeFormProps) {
  return props.pageId ? <NamedForm {...props} pageId={props.pageId} /> : <DefaultForm {...props} />;
}

function NamedForm(props: NodeFormProps & { pageId: string }) {
  const { t } = useTranslation();
  const page = useQuery({
    queryKey: ['mindmap-page', props.pageId],
    queryFn: () => pageDesignApi.detail(props.pageId),
    retry: false,
  });
  if (page.isError) {
    return (
      <Result status="warning" title={t('mindmap.run.pageMissing')} data-testid="mindmap-page-missing" />
    );
  }
  if (!page.data) {
    return <Card loading />;
  }
  return <Fill {...props} json={storedFormJson(page.data.formJson)} />;
}

function DefaultForm(props: NodeFormProps) {
  const { t } = useTranslation();
  const page = useDefaultPage(props.entId);
  if (page.isPending) {
    return <Card loading />;
  }
  if (!page.data) {
    return <Empty description={t('mindmap.run.noDefaultForm')} data-testid="mindmap-no-form" />;
  }
  return <Fill {...props} json={page.data.json} />;
}

function Fill(props: NodeFormProps & { json: FormJson }) {
  return <EntityGate entId={props.entId}>{(entity) => <FillForm {...props} entity={entity} />}</EntityGate>;
}

function FillForm({
  entId,
  preset,
  onSaved,
  json,
  entity,
}: NodeFormProps & { json: FormJson; entity: EntityConfig }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [error, setError] = useState('');
  const presetField = preset?.field;
  const presetValue = preset?.value;
  const shown = useMemo(() => (presetField ? lockField(json, presetField) : json), [json, presetField]);
  const values = useMemo(
    () => (presetField && presetValue ? { [presetField]: presetValue } : undefined),
    [presetField, presetValue],
  );
  const submit = async (filled: Record<string, unknown>) => {
    // Only the entity's fields are a row's; what else the form shows is not sent. The parent row's id always is.
    const data = Object.fromEntries(
      Object.entries({ ...filled, ...values }).filter(
        ([name, value]) => name in entity.fields && value !== undefined,
      ),
    );
    setError('');
    try {
      await entityDataApi(entId).submit(data);
      toastSuccess(t('mindmap.run.submitted'));
      form.resetFields();
      onSaved?.();
    } catch (failure) {
      setError(failure instanceof RequestError ? failure.message : String(failure));
    }
  };
  return (
    <Card data-testid="mindmap-form">
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} /> : null}
      <SchemaForm
        json={shown}
        values={values}
        form={form}
        name="mindmap-form"
        onSubmit={(v) => void submit(v)}
      />
    </Card>
  );
}
