import { yuanModdle } from '@yuan/contract/flow/bpmn-yuan';
import Modeler from 'bpmn-js/lib/Modeler';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { type Diagram, type DiagramElement, diagramOf, ownerOf } from '../bpmn/services.ts';
import { translateModule } from '../bpmn/translate.ts';

export interface ModelerState {
  diagram: Diagram | null;
  /** The one selected element (a label stands for its element), or null. */
  selected: DiagramElement | null;
  /** Counts the diagram's changes, so the side panel reads the selected element again. */
  revision: number;
  /** The diagram changed since it was opened or last saved. */
  dirty: boolean;
  /** Why the XML could not be shown ('' when it was). */
  failure: string;
  markClean: () => void;
  importXml: (xml: string) => Promise<void>;
  saveXml: () => Promise<string>;
}

/** Fits a diagram into the view, but never enlarges a small one beyond its natural size. */
function fit(diagram: Diagram) {
  const canvas = diagram.get('canvas');
  if (canvas.zoom('fit-viewport', 'auto') > 1) {
    canvas.zoom(1, 'auto');
  }
}

/**
 * A bpmn-js Modeler in `container`, opened on `initialXml` (read once: the designer remounts for another model),
 * with the `yuan:` attributes known to its moddle and its palette, context pad and menus in the app's language.
 */
export function useModeler(container: RefObject<HTMLDivElement | null>, initialXml: string): ModelerState {
  const modeler = useRef<Modeler | null>(null);
  const [diagram, setDiagram] = useState<Diagram | null>(null);
  const [selected, setSelected] = useState<DiagramElement | null>(null);
  const [revision, setRevision] = useState(0);
  const [dirty, setDirty] = useState(false);
  const [failure, setFailure] = useState('');
  const firstXml = useRef(initialXml);

  useEffect(() => {
    const element = container.current;
    if (!element) {
      return;
    }
    const instance = new Modeler({
      container: element,
      moddleExtensions: { yuan: yuanModdle },
      additionalModules: [translateModule],
    });
    const services = diagramOf(instance);
    const bus = services.get('eventBus');
    bus.on('selection.changed', (event) => {
      const chosen = (event.newSelection as DiagramElement[] | undefined) ?? [];
      setSelected(chosen.length === 1 && chosen[0] ? ownerOf(chosen[0]) : null);
    });
    bus.on('elements.changed', () => setRevision((n) => n + 1));
    bus.on('commandStack.changed', (event) => {
      // Opening a diagram clears the command stack: that is not a change of the model.
      if (event.trigger !== 'clear') {
        setDirty(true);
      }
    });
    // The pane may be hidden (another tab) or resized: the canvas measures itself again.
    const observer = new ResizeObserver(() => services.get('canvas').resized());
    observer.observe(element);
    modeler.current = instance;
    let alive = true;
    instance
      .importXML(firstXml.current)
      .then(() => {
        if (alive) {
          fit(services);
          setDiagram(services);
        }
      })
      .catch((error: unknown) => {
        if (alive) {
          setFailure(error instanceof Error ? error.message : String(error));
          setDiagram(services);
        }
      });
    return () => {
      alive = false;
      observer.disconnect();
      modeler.current = null;
      instance.destroy();
    };
  }, [container]);

  const importXml = useCallback(async (xml: string) => {
    const instance = modeler.current;
    if (!instance) {
      return;
    }
    // A file that does not parse rejects here and leaves the current diagram as it was.
    await instance.importXML(xml);
    setFailure('');
    setSelected(null);
    fit(diagramOf(instance));
    setDirty(true);
  }, []);

  const saveXml = useCallback(async () => {
    const instance = modeler.current;
    if (!instance) {
      return '';
    }
    const { xml } = await instance.saveXML({ format: true });
    return xml ?? '';
  }, []);

  const markClean = useCallback(() => setDirty(false), []);

  return { diagram, selected, revision, dirty, failure, markClean, importXml, saveXml };
}
