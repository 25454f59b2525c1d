import { Typography } from 'antd';
import { useMemo } from 'react';
import { CrudPage } from '../../../shared/crud/CrudPage/index.tsx';
import type { CrudConfig } from '../../../shared/crud/types.ts';
import type { EntityConfig } from '../api.ts';
import type { DefaultPage } from '../designList/useDefaultPage.ts';
import { EntityDataToolbar, type RowFiles } from '../entityData/EntityDataToolbar.tsx';
import type { GridRow } from '../gridDesign/gridApi.ts';
import { type GridSource, gridCrudConfig, gridOffers } from './gridCrud.ts';

/**
 * A designed grid run over rows: search, pages, add/edit, import/export, delete. The rows are the grid's entity's
 * through dtgrid unless `source` and `files` name another family of calls (the payees' own).
 */
export function GridRows(props: {
  grid: GridRow;
  entity: EntityConfig;
  form: DefaultPage | null;
  source?: GridSource;
  files?: RowFiles;
}) {
  const { grid, entity, form, source, files } = props;
  const config = useMemo<CrudConfig>(() => {
    const base = gridCrudConfig(grid, entity, form?.json ?? null, source);
    return {
      ...base,
      ...(files?.ownRows ? { ownRows: true } : {}),
      toolbar: (context) => (
        <EntityDataToolbar
          entId={grid.entId}
          title={grid.gridName}
          resource={base.resource}
          context={context}
          offer={gridOffers(grid)}
          {...(files ? { files } : {})}
        />
      ),
    };
  }, [grid, entity, form, source, files]);
  return (
    <>
      <Typography.Title level={5} style={{ margin: '0 0 8px' }} data-testid="grid-data-title">
        {grid.gridName}
      </Typography.Title>
      <CrudPage config={config} />
    </>
  );
}
