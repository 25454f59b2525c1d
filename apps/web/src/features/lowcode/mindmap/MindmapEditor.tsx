import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import type { MindmapBind } from '@yuan/contract/lowcode/mindmap';
import { Button, Space, Typography } from 'antd';
import type { MindElixirInstance, NodeObj } from 'mind-elixir';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasButton } from '../../../shared/crud/permissions.ts';
import { toastSuccess } from '../../../shared/ui/feedback.ts';
import { useSession } from '../../../stores/session.ts';
import { useLeaveWarning } from '../pageDesign/useDesignKeys.ts';
import { SaveButton } from '../SaveButton.tsx';
import { useConfirmedLeave } from '../useConfirmedLeave.ts';
import { BindPanel } from './BindPanel.tsx';
import { MapGate, mapKey } from './MapGate.tsx';
import { MindCanvas } from './MindCanvas.tsx';
import { ancestorEntity, bindOf, fromElixir, type NodeMeta, toElixir } from './mindData.ts';
import { type MindmapRow, mindmapApi } from './mindmapApi.ts';
import { useBindLabel } from './useBindLabel.ts';

export interface MindmapEditorProps {
  id: string;
  /** The way back (to the list); asked first when the map has unsaved changes. */
  onBack: () => void;
}

/** The detail view: a map's topics edited with mind-elixir, and the binding of the selected node beside it. */
export function MindmapEditor({ id, onBack }: MindmapEditorProps) {
  return <MapGate id={id}>{(row) => <EditorBody key={row.id} row={row} onBack={onBack} />}</MapGate>;
}

interface Selected {
  node: NodeObj;
  bind: MindmapBind | undefined;
  parentEntId: string | undefined;
}

const serialise = (mind: MindElixirInstance) => JSON.stringify(fromElixir(mind.getData()));

function EditorBody({ row, onBack }: { row: MindmapRow; onBack: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const label = useBindLabel();
  const permission = useSession((state) => state.permission);
  const canSave = hasButton(['mindmap'], permission, 'edit');
  // The map is drawn once from the loaded row; later loads of the row (after a save) must not redraw an edit.
  const [data] = useState(() => toElixir(row.data, row.name, label));
  const [saved, setSaved] = useState(() => JSON.stringify(fromElixir(data)));
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [selected, setSelected] = useState<Selected | null>(null);
  // The selected node's topic is mind-elixir's to change: a change draws the panel again to show the new one.
  const [, setRevision] = useState(0);
  const mind = useRef<MindElixirInstance | null>(null);
  useLeaveWarning(dirty);
  const back = useConfirmedLeave(dirty, t('mindmap.leaveConfirm'), onBack);

  const onReady = useCallback((instance: MindElixirInstance | null) => {
    mind.current = instance;
  }, []);
  const onSelect = useCallback((node: NodeObj | null) => {
    setSelected(node ? { node, bind: bindOf(node), parentEntId: ancestorEntity(node) } : null);
  }, []);
  // Dirty means "differs from what was saved": an undo back to the saved map is clean again.
  const onChange = useCallback(() => {
    if (mind.current) {
      setDirty(serialise(mind.current) !== saved);
      setRevision((n) => n + 1);
    }
  }, [saved]);

  const bindSelected = (bind: MindmapBind | undefined) => {
    const instance = mind.current;
    if (!instance || !selected) {
      return;
    }
    const metadata: NodeMeta = bind ? { bind } : {};
    // reshapeNode redraws the node (its tag) and records the change for undo; it fires the change event itself.
    void instance.reshapeNode(instance.findEle(selected.node.id), {
      metadata,
      tags: bind ? [label(bind)] : [],
    });
    setSelected({ ...selected, bind });
  };

  const save = async () => {
    const instance = mind.current;
    if (!instance) {
      return;
    }
    const tree = fromElixir(instance.getData());
    setSaving(true);
    try {
      await mindmapApi.saveTree(row, tree);
      setSaved(JSON.stringify(tree));
      setDirty(false);
      toastSuccess(t('mindmap.saved'));
      void client.invalidateQueries({ queryKey: mapKey(row.id) });
    } catch {
      // The request client has shown the server's refusal.
    } finally {
      setSaving(false);
    }
  };

  return (
    <div data-testid="mindmap-editor">
      <div
        style={{
          display: 'flex',
          justifyContent: 'space-between',
          marginBottom: 12,
          flexWrap: 'wrap',
          gap: 8,
        }}
      >
        <Space wrap align="center">
          <Typography.Title level={5} style={{ margin: 0 }} data-testid="mindmap-editor-title">
            {t('mindmap.editorTitle', { name: row.name })}
          </Typography.Title>
          {dirty ? (
            <Typography.Text type="warning" data-testid="mindmap-unsaved">
              {t('mindmap.unsaved')}
            </Typography.Text>
          ) : null}
        </Space>
        <Space wrap>
          <Button icon={<ArrowLeftOutlined />} onClick={back} data-testid="mindmap-back">
            {t('mindmap.back')}
          </Button>
          {canSave ? (
            <SaveButton testId="mindmap-save" saving={saving} onSave={() => void save()}>
              {t('mindmap.save')}
            </SaveButton>
          ) : null}
        </Space>
      </div>
      <Typography.Paragraph type="secondary">{t('mindmap.editHint')}</Typography.Paragraph>
      <div className="mindmap-editor">
        <div className="mindmap-editor-map">
          <MindCanvas
            data={data}
            editable={canSave}
            onReady={onReady}
            onSelect={onSelect}
            onChange={onChange}
            testId="mindmap-canvas"
          />
        </div>
        <div className="mindmap-editor-panel">
          <BindPanel
            topic={selected ? selected.node.topic : null}
            bind={selected?.bind}
            parentEntId={selected?.parentEntId}
            disabled={!canSave}
            onChange={bindSelected}
          />
        </div>
      </div>
    </div>
  );
}
