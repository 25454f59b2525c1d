import { useQueryClient } from '@tanstack/react-query';
import { flowModelResource } from '@yuan/contract/flow/workflow';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../../shared/components/PageSpinner.tsx';
import { CrudPage } from '../../../shared/crud/CrudPage/index.tsx';
import type { CrudConfig } from '../../../shared/crud/types.ts';
import { usePermission } from '../../../shared/hooks/usePermission.ts';
import type { ModelRow } from '../flowApi.ts';
import { DeployDialog } from './DeployDialog.tsx';
import { ModelRowActions } from './ModelRowActions.tsx';

// The modeller carries bpmn-js: it loads when a model is opened, not with the list.
const ModelDesigner = lazy(() => import('./ModelDesigner.tsx').then((m) => ({ default: m.ModelDesigner })));

interface Editing {
  id: string | null;
  /** Changes on every opening, so the designer starts afresh even for the same model. */
  nonce: number;
}

/**
 * /flow/model: the process models (search, delete) and, for New or Design, the full-size modeller in place of the
 * list; the list keeps its page and filters meanwhile.
 */
export function ModelPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const canAdd = usePermission('flowModel_add');
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deploying, setDeploying] = useState<ModelRow | null>(null);

  const open = useCallback(
    (id: string | null) => setEditing((e) => ({ id, nonce: (e?.nonce ?? 0) + 1 })),
    [],
  );
  const reload = useCallback(
    () => void client.invalidateQueries({ queryKey: ['crud-list', flowModelResource.basePath] }),
    [client],
  );

  const config = useMemo<CrudConfig>(
    () => ({
      // The models are a declared resource: list, search and delete are the generic ones.
      resource: flowModelResource,
      dateRange: false,
      buttons: { add: false, edit: false, view: false },
      fields: { description: { width: 260 }, modelKey: { width: 180 } },
      add: canAdd
        ? { onClick: () => open(null), testId: 'flow-model-new', label: t('flow.model.new') }
        : undefined,
      rowActions: (row) => <ModelRowActions row={row} onDesign={(m) => open(m.id)} onDeploy={setDeploying} />,
      rowActionCount: 2,
    }),
    [canAdd, open, t],
  );

  return (
    <>
      <div hidden={editing !== null}>
        <CrudPage config={config} />
      </div>
      {editing ? (
        <Suspense fallback={<PageSpinner />}>
          <ModelDesigner
            key={editing.nonce}
            modelId={editing.id}
            onSaved={reload}
            onClose={() => {
              setEditing(null);
              reload();
            }}
          />
        </Suspense>
      ) : null}
      {deploying ? (
        <DeployDialog
          model={{ id: deploying.id, modelKey: deploying.modelKey, name: deploying.name }}
          onClose={() => setDeploying(null)}
        />
      ) : null}
    </>
  );
}
