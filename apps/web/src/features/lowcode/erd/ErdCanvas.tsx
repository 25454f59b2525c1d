import { useQueryClient } from '@tanstack/react-query';
import {
  Background,
  Controls,
  MarkerType,
  MiniMap,
  type OnConnectEnd,
  ReactFlow,
  useReactFlow,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { Alert, App, theme } from 'antd';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../../shared/crud/permissions.ts';
import { themeSpec } from '../../../shared/theme/themes.ts';
import { toastError, toastSuccess } from '../../../shared/ui/feedback.ts';
import { useSession } from '../../../stores/session.ts';
import { useSettings } from '../../../stores/settings.ts';
import { SyncDialog, type SyncTarget } from '../entity/SyncDialog.tsx';
import { AddReferenceDialog, type ReferenceDraft } from './AddReferenceDialog.tsx';
import { ErdToolbar } from './ErdToolbar.tsx';
import { exportDiagram, type ImageKind } from './exportImage.ts';
import {
  type ErdEntity,
  estimateSize,
  nodeAt,
  type Positions,
  TABLE_HANDLE,
  type TableNode,
} from './graph.ts';
import { TableNodeView } from './TableNode.tsx';
import { useLayoutSave } from './useLayoutSave.ts';
import { useTableLayout } from './useTableLayout.ts';
import './erd.css';

const nodeTypes = { table: TableNodeView };

interface ErdCanvasProps {
  entities: ErdEntity[];
  saved: Positions;
  /** The saved layout could not be read: the diagram is laid out automatically and says so. */
  layoutUnavailable: boolean;
}

/** The diagram itself (inside a ReactFlowProvider): tables, references, their layout and the actions on them. */
export function ErdCanvas({ entities, saved, layoutUnavailable }: ErdCanvasProps) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const { token } = theme.useToken();
  const client = useQueryClient();
  const flow = useReactFlow<TableNode>();
  const permission = useSession((state) => state.permission);
  const canEdit = hasPermission(permission, 'entity_edit');
  const canSync = hasPermission(permission, 'entity_sync');
  const dark = themeSpec(useSettings((state) => state.themeName)).dark;
  const save = useLayoutSave();
  const { nodes, edges, setNodes, onNodesChange, onNodeDragStop, relayout, placement } = useTableLayout(
    entities,
    saved,
    save,
  );
  const wrapper = useRef<HTMLDivElement>(null);
  const [draft, setDraft] = useState<ReferenceDraft | null>(null);
  const [syncing, setSyncing] = useState<SyncTarget | null>(null);
  const byId = useMemo(() => new Map(entities.map((e) => [e.id, e])), [entities]);
  // Inline colours, not React Flow's stylesheet: the exported picture copies an SVG path's own style only.
  const edgeOptions = useMemo(
    () => ({
      type: 'smoothstep',
      style: { stroke: token.colorTextTertiary, strokeWidth: 1.5 },
      markerEnd: { type: MarkerType.ArrowClosed, width: 18, height: 18, color: token.colorTextTertiary },
    }),
    [token.colorTextTertiary],
  );
  // One object per language: React Flow stores it again whenever it is a new object.
  const ariaLabels = useMemo(
    () => ({
      'controls.ariaLabel': t('erd.a11y.controls'),
      'controls.zoomIn.ariaLabel': t('erd.a11y.zoomIn'),
      'controls.zoomOut.ariaLabel': t('erd.a11y.zoomOut'),
      'controls.fitView.ariaLabel': t('erd.a11y.fitView'),
      'controls.interactive.ariaLabel': t('erd.a11y.interactive'),
      'minimap.ariaLabel': t('erd.a11y.minimap'),
      'node.a11yDescription.default': t('erd.a11y.node'),
      'node.a11yDescription.keyboardDisabled': t('erd.a11y.node'),
      'handle.ariaLabel': t('erd.a11y.handle'),
    }),
    [t],
  );

  const find = useCallback(
    (id: string) => {
      const node = flow.getNode(id);
      if (!node) {
        return;
      }
      const width = node.measured?.width ?? estimateSize(node.data.entity).width;
      const height = node.measured?.height ?? estimateSize(node.data.entity).height;
      // Selecting it also opens its toolbar, so the table found can be opened at once.
      setNodes((all) => all.map((n) => ({ ...n, selected: n.id === id })));
      void flow.setCenter(node.position.x + width / 2, node.position.y + height / 2, {
        zoom: Math.max(flow.getZoom(), 1),
        duration: 400,
      });
    },
    [flow, setNodes],
  );

  const onConnectEnd: OnConnectEnd = useCallback(
    (event, state) => {
      const from = state.fromNode;
      if (!from || state.fromHandle?.type !== 'source') {
        return;
      }
      // Dropped on a table's handle, or anywhere on a table: a drop on the table it started from only counts on
      // that table's own handle, so a short slip of the mouse does not propose a self-reference.
      let targetId = state.toHandle?.id === TABLE_HANDLE ? state.toNode?.id : undefined;
      if (!targetId) {
        const pointer = 'changedTouches' in event ? event.changedTouches[0] : event;
        const point = flow.screenToFlowPosition({ x: pointer.clientX, y: pointer.clientY });
        const under = nodeAt(point, flow.getNodes());
        targetId = under && under.id !== from.id ? under.id : undefined;
      }
      const source = byId.get(from.id);
      const target = targetId ? byId.get(targetId) : undefined;
      if (source && target) {
        setDraft({ source, target });
      }
    },
    [byId, flow],
  );

  const exportAs = async (kind: ImageKind) => {
    if (!wrapper.current) {
      return;
    }
    try {
      await exportDiagram(kind, wrapper.current, flow.getNodes(), token.colorBgContainer);
    } catch (e) {
      toastError(t('erd.exportFailed', { reason: e instanceof Error ? e.message : String(e) }));
    }
  };
  const relayoutAll = async () => {
    try {
      await relayout();
    } catch {
      toastError(t('erd.layoutFailed'));
    }
  };

  return (
    <div className="erd-screen">
      <ErdToolbar
        entities={entities}
        onFind={find}
        onRelayout={relayoutAll}
        onExport={exportAs}
        canConnect={canEdit}
      />
      {layoutUnavailable ? (
        <Alert type="warning" showIcon closable title={t('erd.layoutUnavailable')} className="erd-alert" />
      ) : null}
      {placement === 'failed' ? (
        <Alert type="warning" showIcon closable title={t('erd.layoutFailed')} className="erd-alert" />
      ) : null}
      <div className="erd-canvas" ref={wrapper} data-testid="erd-canvas" data-placement={placement}>
        <ReactFlow<TableNode>
          nodes={nodes}
          edges={edges}
          nodeTypes={nodeTypes}
          defaultEdgeOptions={edgeOptions}
          onNodesChange={onNodesChange}
          onNodeDragStop={onNodeDragStop}
          onConnectEnd={onConnectEnd}
          nodesConnectable={canEdit}
          // Tables are entities: the diagram never removes one, whatever key is pressed.
          deleteKeyCode={null}
          edgesFocusable={false}
          colorMode={dark ? 'dark' : 'light'}
          minZoom={0.1}
          maxZoom={2}
          proOptions={{ hideAttribution: true }}
          ariaLabelConfig={ariaLabels}
        >
          <Background gap={20} />
          <MiniMap pannable zoomable nodeStrokeWidth={3} />
          <Controls />
        </ReactFlow>
      </div>
      <AddReferenceDialog
        draft={draft}
        onClose={() => setDraft(null)}
        onSaved={(savedEntity) => {
          setDraft(null);
          void client.invalidateQueries({ queryKey: ['entities'] });
          // As on the entities screen: a saved definition changes no table until it is synced, so offer it now.
          if (canSync) {
            modal.confirm({
              title: t('lowcode.entity.saved'),
              okText: t('lowcode.entity.syncNow'),
              cancelText: t('lowcode.entity.later'),
              onOk: () => setSyncing(savedEntity),
            });
          } else {
            toastSuccess(t('common.success'));
          }
        }}
      />
      <SyncDialog target={syncing} onClose={() => setSyncing(null)} />
    </div>
  );
}
