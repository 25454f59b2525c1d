import { useQuery } from '@tanstack/react-query';
import { Button, Result } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageSpinner } from '../../../shared/components/PageSpinner.tsx';
import { pick } from '../../../shared/crud/fields.ts';
import { useLanguage } from '../../../shared/hooks/useLanguage.ts';
import { GridDesigner } from './GridDesigner.tsx';
import { gridDesignApi } from './gridApi.ts';
import { gridFields } from './gridState.ts';

/** /grid/edit/:id — the grid designer of one designed grid, with its entity's fields to choose from. */
export function GridDesignPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const navigate = useNavigate();
  const id = useParams().id ?? '';
  // Never from the cache: the designer starts from what the server holds now.
  const grid = useQuery({
    queryKey: ['grid-design', id],
    queryFn: () => gridDesignApi.detail(id),
    gcTime: 0,
  });
  const config = useQuery({
    queryKey: ['grid-design-config', id],
    queryFn: () => gridDesignApi.config(id),
    enabled: grid.isSuccess,
    gcTime: 0,
  });
  const entity = config.data?.entity;
  const fields = useMemo(
    () => (entity ? gridFields(entity.fields, (spec) => pick(spec.label, lang)) : []),
    [entity, lang],
  );
  if (grid.isPending || (grid.isSuccess && config.isPending)) {
    return <PageSpinner />;
  }
  if (!grid.data) {
    return <Result status="404" subTitle={t('gridDesign.notFound')} data-testid="grid-design-missing" />;
  }
  if (!entity) {
    // The entity may be gone or not have its table yet: say why, the grid itself is there.
    return (
      <Result
        status="error"
        title={t('common.loadFailed')}
        subTitle={config.error instanceof Error ? config.error.message : undefined}
        data-testid="grid-design-error"
        extra={
          <>
            <Button onClick={() => void config.refetch()}>{t('common.retry')}</Button>
            <Button type="primary" onClick={() => navigate(`/grid/${grid.data.entId}`)}>
              {t('gridDesign.back')}
            </Button>
          </>
        }
      />
    );
  }
  return <GridDesigner key={grid.data.id} grid={grid.data} fields={fields} />;
}
