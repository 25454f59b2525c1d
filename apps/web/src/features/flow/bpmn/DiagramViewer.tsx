import { yuanModdle } from '@yuan/contract/flow/bpmn-yuan';
import { Alert } from 'antd';
import NavigatedViewer from 'bpmn-js/lib/NavigatedViewer';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ModelView } from '../flowApi.ts';
import { pathMarkers } from './markers.ts';
import { diagramOf } from './services.ts';
import { translateModule } from './translate.ts';
import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import 'bpmn-js/dist/assets/bpmn-font/css/bpmn.css';
import './bpmn.css';

/**
 * A read-only diagram (pan and zoom only) with the path an instance took marked on it. This module holds bpmn-js:
 * it is only ever loaded lazily, so the list screens stay light.
 */
export function DiagramViewer({ view, height = 480 }: { view: ModelView; height?: number }) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const [failure, setFailure] = useState('');
  const [shown, setShown] = useState(false);

  useEffect(() => {
    const element = container.current;
    if (!element) {
      return;
    }
    // The translation reaches the few texts a viewer shows, such as a collapsed sub-process's "Open" button.
    const viewer = new NavigatedViewer({
      container: element,
      moddleExtensions: { yuan: yuanModdle },
      additionalModules: [translateModule],
    });
    const diagram = diagramOf(viewer);
    let alive = true;
    setFailure('');
    setShown(false);
    viewer
      .importXML(view.xml)
      .then(() => {
        if (!alive) {
          return;
        }
        const canvas = diagram.get('canvas');
        const registry = diagram.get('elementRegistry');
        for (const [id, marker] of pathMarkers(view)) {
          // Ids the diagram does not have (a step of an older version) are skipped rather than failing the view.
          if (registry.get(id)) {
            canvas.addMarker(id, marker);
          }
        }
        canvas.zoom('fit-viewport', 'auto');
        setShown(true);
      })
      .catch((error: unknown) => {
        if (alive) {
          setFailure(error instanceof Error ? error.message : String(error));
        }
      });
    // The dialog may still be growing when the diagram is drawn: fit again once its box has its size.
    const observer = new ResizeObserver(() => {
      diagram.get('canvas').resized();
    });
    observer.observe(element);
    return () => {
      alive = false;
      observer.disconnect();
      viewer.destroy();
    };
  }, [view]);

  return (
    <>
      {failure ? (
        <Alert
          type="error"
          showIcon
          title={t('flow.bpmn.renderFailed')}
          description={failure}
          style={{ marginBottom: 8 }}
        />
      ) : null}
      <div
        ref={container}
        className="flow-canvas"
        style={{ height }}
        data-testid="flow-diagram"
        data-ready={shown ? 'true' : 'false'}
      />
    </>
  );
}
