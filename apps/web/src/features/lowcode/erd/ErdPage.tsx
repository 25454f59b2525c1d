import { useQuery } from '@tanstack/react-query';
import { ReactFlowProvider } from '@xyflow/react';
import { Button, Card, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoadFailed } from '../../../shared/components/LoadFailed.tsx';
import { PageSpinner } from '../../../shared/components/PageSpinner.tsx';
import { ErdCanvas } from './ErdCanvas.tsx';
import { erdApi } from './erdApi.ts';

/**
 * /erd: the tenant's entities as tables with their fields, and their references as edges. Tables can be moved
 * (the layout is saved per tenant), found, opened, linked by dragging from a field, and exported as a picture.
 */
export function ErdPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Under the entities' key: a definition saved or synced anywhere (the entity screen, this one) redraws it.
  const entities = useQuery({ queryKey: ['entities', 'erd'], queryFn: erdApi.entities });
  const layout = useQuery({
    queryKey: ['erd-layout'],
    queryFn: erdApi.layout,
    retry: false,
    // The canvas keeps its own positions once drawn; a fresh read would only repeat what it saved itself.
    staleTime: Number.POSITIVE_INFINITY,
  });

  if (entities.isError && !entities.data) {
    return <LoadFailed onRetry={() => void entities.refetch()} testId="erd-failed" />;
  }
  if (entities.isPending || layout.isPending) {
    return <PageSpinner />;
  }
  if (entities.data.length === 0) {
    return (
      <Card variant="borderless">
        <Empty description={t('erd.empty')} data-testid="erd-empty">
          <Button type="primary" onClick={() => navigate('/entity/index')}>
            {t('erd.goEntities')}
          </Button>
        </Empty>
      </Card>
    );
  }
  return (
    <Card variant="borderless" styles={{ body: { padding: 12 } }} data-testid="erd-page">
      <ReactFlowProvider>
        <ErdCanvas entities={entities.data} saved={layout.data ?? {}} layoutUnavailable={layout.isError} />
      </ReactFlowProvider>
    </Card>
  );
}
