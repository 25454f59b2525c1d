import { Space, Tag, Typography } from 'antd';
import type { MindElixirInstance, NodeObj, Topic } from 'mind-elixir';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../shared/ui/feedback.ts';
import {
  chooseParentRow,
  decideView,
  forgetParentRow,
  NO_PARENT_ROWS,
  type ParentRow,
  type ParentRows,
} from './bindingView.ts';
import { MapGate } from './MapGate.tsx';
import { MindCanvas } from './MindCanvas.tsx';
import { bindOf, boundAncestor, toElixir } from './mindData.ts';
import type { MindmapRow } from './mindmapApi.ts';
import { NodeViewDrawer, type OpenedNode } from './NodeViewDrawer.tsx';
import { useBindLabel } from './useBindLabel.ts';

export interface MindmapRunnerProps {
  id: string;
  /** Show the map's name above it (the exec view; the test screen names the map in its picker). */
  showTitle?: boolean;
}

/**
 * A map run read-only: a click on a bound node opens its view in a drawer, a click on another node folds or unfolds
 * it. Rows chosen in list views are the parent rows of the sub-lists and sub-forms below them.
 */
export function MindmapRunner({ id, showTitle }: MindmapRunnerProps) {
  return <MapGate id={id}>{(row) => <RunBody key={row.id} row={row} showTitle={showTitle} />}</MapGate>;
}

function RunBody({ row, showTitle }: { row: MindmapRow; showTitle?: boolean }) {
  const { t } = useTranslation();
  const label = useBindLabel();
  const data = useMemo(() => toElixir(row.data, row.name, label), [row, label]);
  const [rows, setRows] = useState<ParentRows>(NO_PARENT_ROWS);
  const [opened, setOpened] = useState<OpenedNode | null>(null);

  const onNodeClick = useCallback(
    (node: NodeObj, topic: Topic, mind: MindElixirInstance) => {
      const ancestor = boundAncestor(node);
      const view = decideView(bindOf(node), ancestor ? bindOf(ancestor)?.entId : undefined, rows);
      if (view.kind === 'toggle') {
        // Only nodes below the root with children fold (the root has no fold button); a leaf does nothing.
        if (node.parent && node.children && node.children.length > 0) {
          mind.expandNode(topic);
        }
        return;
      }
      setOpened({ topic: node.topic, view, parentTopic: ancestor?.topic });
    },
    [rows],
  );
  const onPick = useCallback(
    (picked: ParentRow) => {
      setRows((known) => chooseParentRow(known, picked));
      toastSuccess(t('mindmap.run.parentPicked', { label: picked.label }));
    },
    [t],
  );
  const chosen = Object.values(rows.byEntity);

  return (
    <div data-testid="mindmap-runner">
      {showTitle ? (
        <Typography.Title level={5} style={{ marginTop: 0 }} data-testid="mindmap-runner-title">
          {t('mindmap.run.title', { name: row.name })}
        </Typography.Title>
      ) : null}
      <Typography.Paragraph type="secondary">{t('mindmap.run.hint')}</Typography.Paragraph>
      <Space wrap style={{ marginBottom: 12 }} data-testid="mindmap-parent-rows">
        <Typography.Text>{t('mindmap.run.parentRows')}</Typography.Text>
        {chosen.length === 0 ? (
          <Typography.Text type="secondary">{t('mindmap.run.noParent')}</Typography.Text>
        ) : null}
        {chosen.map((parent) => (
          <Tag
            key={parent.entId}
            color="blue"
            closable
            onClose={() => setRows((known) => forgetParentRow(known, parent.entId))}
          >
            {parent.label}
          </Tag>
        ))}
      </Space>
      <MindCanvas data={data} editable={false} onNodeClick={onNodeClick} testId="mindmap-run-canvas" />
      <NodeViewDrawer opened={opened} rows={rows} onPick={onPick} onClose={() => setOpened(null)} />
    </div>
  );
}
