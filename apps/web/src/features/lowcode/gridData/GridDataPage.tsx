import { useQuery } from '@tanstack/react-query';
import { Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useDefaultPage } from '../designList/useDefaultPage.ts';
import { EntityGate } from '../entityData/EntityGate.tsx';
import { gridDesignApi } from '../gridDesign/gridApi.ts';
import { GridRows } from './GridRows.tsx';

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
