import { MINDMAP_BINDINGS } from '@yuan/contract/lowcode/mindmap';
import { Alert, Drawer, Result } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { NodeView, ParentRow, ParentRows } from './bindingView.ts';
import { NodeForm } from './NodeForm.tsx';
import { NodeRows } from './NodeRows.tsx';
import { NodeService } from './NodeService.tsx';

/** A clicked node's view as the runner keeps it open. */
export interface OpenedNode {
  topic: string;
  view: NodeView;
  /** The topic of the nearest bound ancestor: where a missing parent row is chosen. */
  parentTopic?: string;
}

export interface NodeViewDrawerProps {
  opened: OpenedNode | null;
  rows: ParentRows;
  onPick: (row: ParentRow) => void;
  onClose: () => void;
}

/** The view of a clicked node, in a drawer over the map: rows, a form, a service's answer, or why not. */
export function NodeViewDrawer({ opened, rows, onPick, onClose }: NodeViewDrawerProps) {
  const { t } = useTranslation();
  const kind = opened?.view.kind;
  // A bound view says what it is beside the topic; a refusal (incomplete, no parent row yet) says so in its body.
  const named = kind && (MINDMAP_BINDINGS as readonly string[]).includes(kind);
  const title = opened ? (named ? `${opened.topic} · ${t(`mindmap.kind.${kind}`)}` : opened.topic) : '';
  return (
    <Drawer
      open={opened !== null}
      onClose={onClose}
      title={title}
      size="min(1100px, 92vw)"
      destroyOnHidden
      rootClassName="mindmap-node-drawer"
    >
      {opened ? <ViewBody opened={opened} rows={rows} onPick={onPick} /> : null}
    </Drawer>
  );
}

function ParentNote({ parent }: { parent: ParentRow }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 12 }}
      title={t('mindmap.run.parentIs', { label: parent.label, id: parent.id })}
      data-testid="mindmap-parent-note"
    />
  );
}

function ViewBody({
  opened,
  rows,
  onPick,
}: {
  opened: OpenedNode;
  rows: ParentRows;
  onPick: (row: ParentRow) => void;
}) {
  const { t } = useTranslation();
  const { view } = opened;
  const picked = (entId: string) => rows.byEntity[entId]?.id;
  let body: ReactNode = null;
  switch (view.kind) {
    case 'toggle':
      break;
    case 'incomplete':
      body = (
        <Result
          status="warning"
          title={t('mindmap.run.incomplete')}
          subTitle={t('mindmap.run.incompleteHint')}
          data-testid="mindmap-incomplete"
        />
      );
      break;
    case 'needParent':
      body = (
        <Result
          status="info"
          title={t('mindmap.run.needParent')}
          subTitle={
            opened.parentTopic
              ? t('mindmap.run.needParentIn', { topic: opened.parentTopic })
              : t('mindmap.run.needParentAny')
          }
          data-testid="mindmap-need-parent"
        />
      );
      break;
    case 'list':
      body = <NodeRows entId={view.entId} pickedId={picked(view.entId)} onPick={onPick} />;
      break;
    case 'sublist':
      body = (
        <>
          <ParentNote parent={view.parent} />
          <NodeRows
            entId={view.entId}
            filter={{ field: view.refField, value: view.parent.id }}
            pickedId={picked(view.entId)}
            onPick={onPick}
          />
        </>
      );
      break;
    case 'form':
      body = <NodeForm entId={view.entId} pageId={view.pageId} />;
      break;
    case 'subform':
      body = (
        <>
          <ParentNote parent={view.parent} />
          <NodeForm
            entId={view.entId}
            pageId={view.pageId}
            preset={{ field: view.refField, value: view.parent.id }}
          />
        </>
      );
      break;
    case 'service':
      body = <NodeService path={view.path} params={view.params} />;
      break;
  }
  return body;
}
