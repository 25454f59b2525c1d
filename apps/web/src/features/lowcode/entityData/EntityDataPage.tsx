import { Typography } from 'antd';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { CrudPage } from '../../../shared/crud/CrudPage/index.tsx';
import type { CrudConfig } from '../../../shared/crud/types.ts';
import type { EntityConfig } from '../api.ts';
import { EntityDataToolbar } from './EntityDataToolbar.tsx';
import { EntityGate } from './EntityGate.tsx';
import { entityCrudConfig } from './entityCrud.ts';

/** /entity/detail/:id — an entity's rows, with the add/edit form generated from its definition. */
export function EntityDataPage() {
  const entId = useParams().id ?? '';
  return <EntityGate entId={entId}>{(data) => <EntityRows entId={entId} data={data} />}</EntityGate>;
}

function EntityRows({ entId, data }: { entId: string; data: EntityConfig }) {
  const config = useMemo<CrudConfig>(() => {
    const base = entityCrudConfig(entId, data);
    return {
      ...base,
      toolbar: (context) => (
        <EntityDataToolbar entId={entId} title={data.title} resource={base.resource} context={context} />
      ),
    };
  }, [data, entId]);
  return (
    <>
      <Typography.Title level={5} style={{ margin: '0 0 8px' }} data-testid="entity-data-title">
        {data.title}
      </Typography.Title>
      <CrudPage config={config} />
    </>
  );
}
