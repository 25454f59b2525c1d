import { Alert, Button, Card, Empty, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RequestError } from '../../../shared/api/http.ts';
import { SchemaForm } from '../../../shared/schema-form/index.ts';
import { toastSuccess } from '../../../shared/ui/feedback.ts';
import { type EntityConfig, entityDataApi } from '../api.ts';
import { EntityGate } from '../entityData/EntityGate.tsx';
import { useDefaultPage } from './useDefaultPage.ts';

/**
 * The entity's default form, filled and saved as one of its rows through the entity data API: the server checks the
 * row by the entity's own rules, whatever the form asked for.
 */
export function PageFill({ entId, onList }: { entId: string; onList: () => void }) {
  const { t } = useTranslation();
  const page = useDefaultPage(entId);
  if (page.isPending) {
    return <Card loading />;
  }
  if (!page.data) {
    return (
      <Empty description={t('lowcode.design.noDefault')} data-testid="page-fill-none">
        <Button type="primary" onClick={onList}>
          {t('lowcode.design.list')}
        </Button>
      </Empty>
    );
  }
  const json = page.data.json;
  return (
    <EntityGate entId={entId}>
      {(entity) => <FillForm key={page.data?.id} entId={entId} entity={entity} json={json} />}
    </EntityGate>
  );
}

function FillForm(props: {
  entId: string;
  entity: EntityConfig;
  json: Parameters<typeof SchemaForm>[0]['json'];
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [error, setError] = useState('');
  const submit = async (values: Record<string, unknown>) => {
    // Only the entity's fields are a row's; what else the form shows is not sent.
    const data = Object.fromEntries(
      Object.entries(values).filter(([name, value]) => name in props.entity.fields && value !== undefined),
    );
    setError('');
    try {
      await entityDataApi(props.entId).submit(data);
      toastSuccess(t('lowcode.design.submitted'));
      form.resetFields();
    } catch (failure) {
      setError(failure instanceof RequestError ? failure.message : String(failure));
    }
  };
  return (
    <Card data-testid="page-fill">
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} /> : null}
      <SchemaForm json={props.json} form={form} name="page-fill" onSubmit={(values) => void submit(values)} />
    </Card>
  );
}
