import { useQuery } from '@tanstack/react-query';
import { defineResource } from '@yuan/contract/resource';
import { Alert, Button, Result, Spin } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { CrudPage } from '../../../shared/crud/CrudPage/index.tsx';
import type { CrudConfig } from '../../../shared/crud/types.ts';
import { entityApi, entityDataApi } from '../api.ts';

/** /entity/detail/:id — an entity's rows, with the add/edit form generated from its definition. */
export function EntityDataPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const entId = useParams().id ?? '';
  const definition = useQuery({
    queryKey: ['entity-config', entId],
    queryFn: () => entityApi.config(entId),
    retry: false,
    enabled: /^\d{1,19}$/.test(entId),
  });
  const config = useMemo<CrudConfig | undefined>(() => {
    const data = definition.data;
    if (!data) {
      return undefined;
    }
    // The definition language is shared: the entity's fields make a resource like any system table's.
    const resource = defineResource({
      name: `ent_${entId}`,
      basePath: `/api/yuan-api/dtentity/${entId}`,
      table: `yuan_ent_${entId}`,
      perm: 'entityData',
      tenantScoped: true,
      title: data.title,
      fields: data.fields,
    });
    return { resource, api: entityDataApi(entId), id: `entity-${entId}`, dateRange: false };
  }, [definition.data, entId]);

  if (definition.isError) {
    return (
      <Result
        status="warning"
        title={t('lowcode.data.notSynced')}
        subTitle={definition.error instanceof Error ? definition.error.message : ''}
        extra={<Button onClick={() => navigate('/entity/index')}>{t('lowcode.data.back')}</Button>}
      />
    );
  }
  if (!config) {
    return <Spin style={{ display: 'block', margin: 48 }} />;
  }
  return (
    <>
      <Alert type="info" showIcon message={config.resource.title as string} style={{ marginBottom: 12 }} />
      <CrudPage config={config} />
    </>
  );
}
