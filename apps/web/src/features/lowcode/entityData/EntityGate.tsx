import { useQuery } from '@tanstack/react-query';
import { Button, Result, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type EntityConfig, entityApi } from '../api.ts';
import { isServerMessage } from '../serverMessages.ts';

/** The way back from an entity's screens to the entity list. */
export function BackToEntities() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Button type="primary" onClick={() => navigate('/entity/index')}>
      {t('lowcode.data.back')}
    </Button>
  );
}

/**
 * Loads an entity's definition for its data screens and shows why it cannot be used (no such entity, no table yet,
 * a failed load) instead of the screen; the screen renders once the definition is known.
 */
export function EntityGate(props: { entId: string; children: (config: EntityConfig) => ReactNode }) {
  const { t } = useTranslation();
  const valid = /^\d{1,19}$/.test(props.entId);
  const definition = useQuery({
    queryKey: ['entity-config', props.entId],
    queryFn: () => entityApi.config(props.entId),
    retry: false,
    enabled: valid,
  });
  if (!valid) {
    return <Result status="404" title={t('lowcode.data.missing')} extra={<BackToEntities />} />;
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
            <BackToEntities />
          ) : (
            <>
              <Button onClick={() => void definition.refetch()}>{t('common.retry')}</Button>
              <BackToEntities />
            </>
          )
        }
        data-testid="entity-data-error"
      />
    );
  }
  if (!definition.data) {
    return <Spin style={{ display: 'block', margin: 48 }} />;
  }
  return <>{props.children(definition.data)}</>;
}
