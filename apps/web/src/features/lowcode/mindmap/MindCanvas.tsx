import MindElixir, {
  type MindElixirData,
  type MindElixirInstance,
  type NodeObj,
  type Topic,
} from 'mind-elixir';
import { en, zh_CN } from 'mind-elixir/i18n';
import { useEffect, useRef } from 'react';
import { useLanguage } from '../../../shared/hooks/useLanguage.ts';
import 'mind-elixir/style.css';
import './mindmap.css';

export interface MindCanvasProps {
  /** The map to draw; a new object draws anew (the instance is rebuilt), so keep it stable between renders. */
  data: MindElixirData;
  /** Editing (topics, adding, moving, removing nodes) or only looking and clicking. */
  editable: boolean;
  /** The instance, once drawn (null after it was destroyed). */
  onReady?: (mind: MindElixirInstance | null) => void;
  /** The node selected, or null when none is. */
  onSelect?: (node: NodeObj | null) => void;
  /** Any change of the map (mind-elixir's operations, which only editing makes). */
  onChange?: () => void;
  /** Looking: a click on a node (not on its fold button, not the end of a pan). */
  onNodeClick?: (node: NodeObj, topic: Topic, mind: MindElixirInstance) => void;
  testId?: string;
}

/**
 * mind-elixir in a div: it is not a React component, so it is built in an effect on the div and destroyed when the
 * div goes. The callbacks are read through a ref, so a parent's new callback never rebuilds the map.
 */
export function MindCanvas({
  data,
  editable,
  onReady,
  onSelect,
  onChange,
  onNodeClick,
  testId,
}: MindCanvasProps) {
  const host = useRef<HTMLDivElement>(null);
  const lang = useLanguage();
  // The menu's language is taken when the map is built: switching languages must not rebuild (and lose) an edit.
  const language = useRef(lang);
  language.current = lang;
  const handlers = useRef({ onReady, onSelect, onChange, onNodeClick });
  handlers.current = { onReady, onSelect, onChange, onNodeClick };

  useEffect(() => {
    const el = host.current;
    if (!el) {
      return;
    }
    const mind = new MindElixir({
      el,
      direction: MindElixir.SIDE,
      editable,
      toolBar: true,
      keypress: editable,
      allowUndo: editable,
      contextMenu: editable
        ? { focus: false, link: false, locale: language.current === 'en' ? en : zh_CN }
        : false,
    });
    mind.init(data);
    mind.bus.addListener('selectNodes', (nodes) => handlers.current.onSelect?.(nodes[0] ?? null));
    mind.bus.addListener('unselectNodes', () => handlers.current.onSelect?.(null));
    mind.bus.addListener('operation', () => handlers.current.onChange?.());
    const onClick = (event: MouseEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      const topic = target?.closest('me-tpc') as Topic | null;
      // A pan that ends on a node is not a click on it.
      if (editable || !topic || mind.panHelper.moved) {
        return;
      }
      handlers.current.onNodeClick?.(topic.nodeObj, topic, mind);
    };
    el.addEventListener('click', onClick);
    handlers.current.onReady?.(mind);
    return () => {
      el.removeEventListener('click', onClick);
      handlers.current.onReady?.(null);
      mind.destroy();
    };
  }, [data, editable]);

  return <div ref={host} className="mindmap-canvas" data-testid={testId} />;
}
