import { useQuery } from '@tanstack/react-query';
import { defineResource } from '@yuan/contract/resource';
import { Button, Result, Spin, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { CrudPage } from '../../../shared/crud/CrudPage/index.tsx';
import type { CrudConfig } from '../../../shared/crud/types.ts';
import { ENTITY_DATA_BASE, entityApi, entityDataApi } from '../api.ts';
import { isServerMessage } from '../serverMessages.ts';

/** /entity/detail/:id — an entity's rows, with the add/edit form generated from its definition. */
export function EntityDataPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const entId = useParams().id ?? '';
  const valid = /^\d{1,19}$/.test(entId);
  const definition = useQuery({
    queryKey: ['entity-config', entId],
    queryFn: () => entityApi.config(entId),
    retry: false,
    enabled: valid,
  });
  const config = useMemo<CrudConfig | undefined>(() => {
    const data = definition.data;
    if (!data) {
      return undefined;
    }
    // The definition language is shared: the entity's fields make a resource like any system table's.
    const resource = defineResource({
      name: `ent_${entId}`,
      basePath: ENTITY_DATA_BASE,
      table: 'x',
      perm: 'entityData',
      altPerms: ['entity'],
      tenantScoped: true,
      title: data.title,
      fields: data.fields,
    });
    return { resource, api: entityDataApi(entId), id: `entity-${entId}`, dateRange: false };
  }, [definition.data, entId]);

  const back = (
    <Button type="primary" onClick={() => navigate('/entity/index')}>
      {t('lowcode.data.back')}
    </Button>
  );
  if (!valid) {
    return <Result status="404" title={t('lowcode.data.missing')} extra={back} />;
  }
  if (definition.isError) {
    const reason = definition.error instanceof Error ? definition.error.message : '';
    // Before its first sync an entity has no table: the way out is the sync, on the entities screen.
    const notSynced = isServerMessage(reason, 'entity.notSynced');
    return (
      <Result
        status={notSynced ? 'warning' : 'error'}
        title={notSynced ? t('lowcode.data.notSynced') : t('common.loadFailed')}
        subTitle={reason}
        extra={
          notSynced ? (
            back
          ) : (
            <>
              <Button onClick={() => void definition.refetch()}>{t('common.retry')}</Button>
              {back}
            </>
          )
        }
        data-testid="entity-data-error"
      />
    );
  }
  if (!config) {
    return <Spin style={{ display: 'block', margin: 48 }} />;
  }
  return (
    <>
      <Typography.Title level={5} style={{ margin: '0 0 8px' }} data-testid="entity-data-title">
        {definition.data?.title}
      </Typography.Title>
      <CrudPage config={config} />
    </>
  );
}
