import { mindmapResource } from '@yuan/contract/lowcode/mindmap';
import { Button, Card, Spin } from 'antd';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../../shared/crud/CrudPage/index.tsx';
import { hasButton } from '../../../shared/crud/permissions.ts';
import type { CrudConfig } from '../../../shared/crud/types.ts';
import { useSession } from '../../../stores/session.ts';
import { useMapOpener } from './useMapOpener.ts';

// mind-elixir comes with the views that draw a map, not with the list.
const MindmapEditor = lazy(() => import('./MindmapEditor.tsx').then((m) => ({ default: m.MindmapEditor })));
const MindmapRunner = lazy(() => import('./MindmapRunner.tsx').then((m) => ({ default: m.MindmapRunner })));

const CODES = ['mindmap'];

/** /mindmap/list: the maps (name, remark) with a way to edit each map's tree and to run it. */
export function MindmapListPage() {
  const { t } = useTranslation();
  const permission = useSession((state) => state.permission);
  const { opened, open, close } = useMapOpener();
  const canEdit = hasButton(CODES, permission, 'edit');
  const canRun = hasButton(CODES, permission, 'exec');
  const config = useMemo<CrudConfig>(
    () => ({
      resource: mindmapResource,
      // The tree is edited on the map, never as JSON text in the dialog (an edit there leaves it as it is).
      fields: { data: { hideInForm: true }, remark: { fullRow: true } },
      rowActionCount: 2,
      rowActions: (row) => (
        <>
          {canEdit ? (
            <Button
              type="link"
              size="small"
              onClick={() => open('detail', row.id)}
              data-testid="mindmap-design"
            >
              {t('mindmap.design')}
            </Button>
          ) : null}
          {canRun ? (
            <Button type="link" size="small" onClick={() => open('exec', row.id)} data-testid="mindmap-exec">
              {t('mindmap.exec')}
            </Button>
          ) : null}
        </>
      ),
    }),
    [canEdit, canRun, open, t],
  );
  return (
    <>
      {/* Hidden, not unmounted, while a map is open: the search and the page are there on the way back. */}
      <div hidden={opened !== null}>
        <CrudPage config={config} />
      </div>
      {opened ? (
        <Card variant="borderless" data-testid="mindmap-opened">
          <Suspense fallback={<Spin />}>
            {opened.view === 'detail' ? (
              <MindmapEditor key={opened.id} id={opened.id} onBack={close} />
            ) : (
              <>
                <Button onClick={close} style={{ marginBottom: 12 }} data-testid="mindmap-back">
                  {t('mindmap.back')}
                </Button>
                <MindmapRunner key={opened.id} id={opened.id} showTitle />
              </>
            )}
          </Suspense>
        </Card>
      ) : null}
    </>
  );
}
