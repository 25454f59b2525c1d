import type { Language } from '@yuan/contract';
import * as Blockly from 'blockly/core';
import { type Ref, useEffect, useImperativeHandle, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../../shared/hooks/useLanguage.ts';
import type { WorkspaceState } from '../blocklyApi.ts';
import { defineSandboxBlocks, scriptOf } from './sandboxBlocks.ts';
import { sandboxMessages, toolbox } from './toolbox.ts';
import './blockly.css';

/** What the editor asks of the workspace. */
export interface BlocklyHandle {
  /** The blocks as JSON and the script they stand for. */
  snapshot: () => { data: WorkspaceState; code: string };
  /** The blocks as they are now were saved: changes are counted from here. */
  markSaved: () => void;
}

interface Props {
  /** The saved workspace, or null for an empty one. */
  initial: WorkspaceState | null;
  readOnly: boolean;
  /** Whether the blocks differ from what was saved, told after each change. */
  onDirtyChange: (dirty: boolean) => void;
  ref?: Ref<BlocklyHandle>;
}

/** Blockly's sprites, sounds and cursors, copied from the package by the build (see vite.config.ts). */
const MEDIA = `${import.meta.env.BASE_URL}blockly-media/`;

/** Blockly's own texts (the standard blocks, menus) in the screen's language; each is a chunk of its own. */
async function blocklyLocale(lang: Language): Promise<Record<string, string>> {
  const messages = lang === 'en' ? await import('blockly/msg/en') : await import('blockly/msg/zh-hans');
  return messages as unknown as Record<string, string>;
}

const stateText = (workspace: Blockly.Workspace) =>
  JSON.stringify(Blockly.serialization.workspaces.save(workspace));

/**
 * A service's script as Blockly blocks: the standard categories and the service API (db.query, http.fetch, log,
 * params, user, return). Imported only by the lazy editor tab, so Blockly is fetched when it is first opened. A
 * change of language builds the workspace again with the other texts, keeping its blocks.
 */
export function BlocklyWorkspace({ initial, readOnly, onDirtyChange, ref }: Props) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const host = useRef<HTMLDivElement>(null);
  const workspace = useRef<Blockly.WorkspaceSvg | null>(null);
  // The blocks to show on (re)building: the saved ones first, then those of the workspace being replaced.
  const blocks = useRef<WorkspaceState | null>(initial);
  // The saved blocks as text, once a workspace has read them (Blockly adds its own defaults to the JSON).
  const saved = useRef<string | null>(null);
  const dirtyListener = useRef(onDirtyChange);
  dirtyListener.current = onDirtyChange;

  useImperativeHandle(ref, () => ({
    snapshot: () => {
      const current = workspace.current;
      return current
        ? { data: Blockly.serialization.workspaces.save(current), code: scriptOf(current) }
        : { data: blocks.current ?? {}, code: '' };
    },
    markSaved: () => {
      if (workspace.current) {
        saved.current = stateText(workspace.current);
      }
      dirtyListener.current(false);
    },
  }));

  useEffect(() => {
    let live = true;
    let made: Blockly.WorkspaceSvg | null = null;
    let observer: ResizeObserver | null = null;
    void blocklyLocale(lang).then((messages) => {
      const element = host.current;
      if (!live || !element) {
        return;
      }
      Blockly.setLocale(messages);
      defineSandboxBlocks(sandboxMessages(t));
      made = Blockly.inject(element, {
        toolbox: toolbox(t),
        readOnly,
        media: MEDIA,
        trashcan: true,
        zoom: { controls: true, wheel: false, startScale: 0.9 },
        move: { scrollbars: true, drag: true, wheel: true },
        grid: { spacing: 24, length: 3, colour: '#e5e7eb', snap: true },
      });
      if (blocks.current) {
        Blockly.serialization.workspaces.load(blocks.current, made);
      }
      saved.current ??= stateText(made);
      const current = made;
      current.addChangeListener((event) => {
        if (!event.isUiEvent) {
          dirtyListener.current(stateText(current) !== saved.current);
        }
      });
      // A tab that was hidden gives the workspace no size: it is measured again whenever its box changes.
      observer = new ResizeObserver(() => Blockly.svgResize(current));
      observer.observe(element);
      workspace.current = current;
      element.dataset.ready = 'true';
    });
    return () => {
      live = false;
      observer?.disconnect();
      if (made) {
        blocks.current = Blockly.serialization.workspaces.save(made);
        made.dispose();
      }
      workspace.current = null;
      if (host.current) {
        delete host.current.dataset.ready;
      }
    };
  }, [lang, readOnly, t]);

  return <div ref={host} className="flow-blockly" data-testid="flow-blockly" />;
}
