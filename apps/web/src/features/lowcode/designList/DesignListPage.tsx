import { useQuery, useQueryClient } from '@tanstack/react-query';
import { gridResource, pageResource } from '@yuan/contract';
import { Tabs, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { CrudPage } from '../../../shared/crud/CrudPage/index.tsx';
import type { CrudConfig } from '../../../shared/crud/types.ts';
import { entityApi } from '../api.ts';
import { DesignActions } from './DesignActions.tsx';
import { type DesignKind, designApi } from './designApi.ts';
import { PageFill } from './PageFill.tsx';
import { forgetDefaultPages } from './useDefaultPage.ts';

function useDesignConfig(kind: DesignKind, entId: string, defaultText: string): CrudConfig {
  const client = useQueryClient();
  return useMemo<CrudConfig>(() => {
    const resource = kind === 'page' ? pageResource : gridResource;
    const hidden = { hideInForm: true, hideInTable: true, hideInSearch: true };
    return {
      id: `${kind}-${entId}`,
      resource,
      api: designApi(kind, entId),
      params: { entId },
      defaults: { entId },
      dateRange: false,
      fields: {
        entId: hidden,
        formJson: hidden,
        gridJson: hidden,
        isDefault: {
          hideInForm: true,
          hideInSearch: true,
          width: 90,
          render: (value) => (value === true ? <Tag color="blue">{defaultText}</Tag> : null),
        },
      },
      rowActions: (row, context) => <DesignActions kind={kind} row={row} context={context} />,
      rowActionCount: kind === 'grid' ? 4 : 3,
      onRemoved: () => forgetDefaultPages(client),
    };
  }, [kind, entId, defaultText, client]);
}

/** One screen for an entity's designed forms (/page/:entId) and grids (/grid/:entId). */
function DesignListPage({ kind }: { kind: DesignKind }) {
  const { t } = useTranslation();
  const entId = useParams().entId ?? '';
  const entity = useQuery({
    queryKey: ['entity-detail', entId],
    queryFn: () => entityApi.detail(entId),
    enabled: entId !== '',
  });
  const config = useDesignConfig(kind, entId, t('lowcode.design.isDefault'));
  const name = entity.data ? `${entity.data.entName} (${entity.data.entNo})` : '';
  return (
    <>
      <Typography.Title level={5} style={{ margin: '0 0 8px' }} data-testid="design-list-title">
        {t(kind === 'page' ? 'lowcode.design.formsOf' : 'lowcode.design.gridsOf', { name })}
      </Typography.Title>
      <CrudPage config={config} />
    </>
  );
}

/** /page/:entId — the entity's default form to fill in, and its designed forms. */
export function PageListPage() {
  const { t } = useTranslation();
  const entId = useParams().entId ?? '';
  const [tab, setTab] = useState('fill');
  return (
    <Tabs
      activeKey={tab}
      onChange={setTab}
      items={[
        {
          key: 'fill',
          label: t('lowcode.design.fill'),
          children: <PageFill entId={entId} onList={() => setTab('list')} />,
        },
        { key: 'list', label: t('lowcode.design.list'), children: <DesignListPage kind="page" /> },
      ]}
    />
  );
}

/** /grid/:entId — the entity's designed grids. */
export function GridListPage() {
  return <DesignListPage kind="grid" />;
}
