import { useQuery } from '@tanstack/react-query';
import { Result, Spin, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { CrudPage } from '../../../shared/crud/CrudPage/index.tsx';
import type { CrudConfig } from '../../../shared/crud/types.ts';
import type { EntityConfig } from '../api.ts';
import { type DefaultPage, useDefaultPage } from '../designList/useDefaultPage.ts';
import { EntityDataToolbar } from '../entityData/EntityDataToolbar.tsx';
import { EntityGate } from '../entityData/EntityGate.tsx';
import { type GridRow, gridDesignApi } from '../gridDesign/gridApi.ts';
import { gridCrudConfig, gridOffers } from './gridCrud.ts';

/** /grid/detail/:id — a designed grid run over its entity's rows: search, pages, add/edit, import/export, delete. */
export function GridDataPage() {
  const { t } = useTranslation();
  const id = useParams().id ?? '';
  const grid = useQuery({
    queryKey: ['grid-data', id],
    queryFn: () => gridDesignApi.detail(id),
    enabled: /^\d{1,19}$/.test(id),
    retry: false,
  });
  const page = useDefaultPage(grid.data?.entId ?? '');
  if (grid.isError || !/^\d{1,19}$/.test(id)) {
    return <Result status="404" subTitle={t('gridDesign.notFound')} data-testid="grid-data-missing" />;
  }
  if (!grid.data || page.isPending) {
    return <Spin style={{ display: 'block', margin: 48 }} />;
  }
  const row = grid.data;
  return (
    <EntityGate entId={row.entId}>
      {(entity) => <GridRows grid={row} entity={entity} form={page.data ?? null} />}
    </EntityGate>
  );
}

function GridRows({ grid, entity, form }: { grid: GridRow; entity: EntityConfig; form: DefaultPage | null }) {
  const config = useMemo<CrudConfig>(() => {
    const base = gridCrudConfig(grid, entity, form?.json ?? null);
    return {
      ...base,
      toolbar: (context) => (
        <EntityDataToolbar
          entId={grid.entId}
          title={grid.gridName}
          resource={base.resource}
          context={context}
          offer={gridOffers(grid)}
        />
      ),
    };
  }, [grid, entity, form]);
  return (
    <>
      <Typography.Title level={5} style={{ margin: '0 0 8px' }} data-testid="grid-data-title">
        {grid.gridName}
      </Typography.Title>
      <CrudPage config={config} />
    </>
  );
}
