import { useQuery } from '@tanstack/react-query';
import { Button, Modal, Result, Spin } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { type ModelViewTarget, processApi } from '../flowApi.ts';

// bpmn-js arrives with the first diagram shown, never with the list screens.
const DiagramViewer = lazy(() => import('./DiagramViewer.tsx').then((m) => ({ default: m.DiagramViewer })));

interface Props {
  target: ModelViewTarget;
  title: string;
  onClose: () => void;
}

function Legend() {
  const { t } = useTranslation();
  return (
    <div className="flow-legend">
      <span>
        <span className="flow-legend-swatch flow-legend-swatch--done" />
        {t('flow.bpmn.legendDone')}
      </span>
      <span>
        <span className="flow-legend-swatch flow-legend-swatch--current" />
        {t('flow.bpmn.legendCurrent')}
      </span>
    </div>
  );
}

/** The diagram of a definition, or of an instance with the path it took (process/model-view). */
export function ModelViewDialog({ target, title, onClose }: Props) {
  const { t } = useTranslation();
  const view = useQuery({
    queryKey: ['flow-model-view', target],
    queryFn: () => processApi.modelView(target),
    gcTime: 0,
  });
  const spinner = (
    <div style={{ padding: 48, textAlign: 'center' }}>
      <Spin />
    </div>
  );
  return (
    <Modal
      open
      width="min(1200px, 94vw)"
      title={title}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Button onClick={onClose} data-testid="flow-view-close">
          {t('common.close')}
        </Button>
      }
      wrapProps={{ 'data-testid': 'flow-view-dialog' }}
    >
      {'processInstanceId' in target ? <Legend /> : null}
      {view.isError ? (
        <Result status="error" title={t('common.loadFailed')} />
      ) : view.data ? (
        <Suspense fallback={spinner}>
          <DiagramViewer view={view.data} height={Math.max(360, Math.round(window.innerHeight * 0.6))} />
        </Suspense>
      ) : (
        spinner
      )}
    </Modal>
  );
}
