import { App, Button, Card, Empty, Result, Space, Spin } from 'antd';
import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ACTION_TEXT, actionIcon } from './actionItems.tsx';
import { actionsFor, type NodeAction } from './actions.ts';
import { ImportDialog } from './ImportDialog.tsx';
import { MoveDialog } from './MoveDialog.tsx';
import { NodeDialog } from './NodeDialog.tsx';
import { ServiceEditor } from './ServiceEditor.tsx';
import { ServiceTree } from './ServiceTree.tsx';
import { TreeToolbar } from './TreeToolbar.tsx';
import type { ServiceNode } from './tree.ts';
import { type FlowPermissions, useFlowPermissions } from './useFlowPermissions.ts';
import { useNodeActions } from './useNodeActions.ts';
import { useServiceTree } from './useServiceTree.ts';
import { useTreeSelection } from './useTreeSelection.ts';
import './flowService.css';

/**
 * /flow/service: the tenant's modules and services as a tree on the left, the chosen service's code on the right.
 * A service's code is the body of a function of (params, user), run in the server's sandbox.
 */
export function FlowServicePage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const tree = useServiceTree();
  const selection = useTreeSelection(tree.nodes);
  const can = useFlowPermissions();
  const { selected } = selection;
  // Read before another node is chosen: a service with unsaved changes is left only after a confirmation.
  const dirty = useRef(false);
  const onDirtyChange = useCallback((value: boolean) => {
    dirty.current = value;
  }, []);

  const leave = (go: () => void) => {
    if (!dirty.current) {
      go();
      return;
    }
    modal.confirm({
      title: t('flow.service.discardTitle'),
      content: t('flow.service.discardContent', { name: selected?.name ?? '' }),
      okText: t('flow.service.discard'),
      cancelText: t('common.cancel'),
      onOk: () => {
        dirty.current = false;
        go();
      },
    });
  };
  const choose = (node: ServiceNode) => {
    if (node.id !== selection.selectedId) {
      leave(() => selection.setSelectedId(node.id));
    }
  };
  // A row made, copied or moved by an action is chosen too, with the same care for unsaved code.
  const reveal = (id: string | null) => {
    if (id === null || id === selection.selectedId) {
      selection.reveal(id);
    } else {
      leave(() => selection.reveal(id));
    }
  };
  const actions = useNodeActions({ reload: tree.reload, reveal, selectedId: selection.selectedId });
  const onAction = actions.act;

  if (tree.failed) {
    return (
      <Result
        status="error"
        title={t('flow.service.loadFailed')}
        extra={<Button onClick={() => void tree.reload()}>{t('common.retry')}</Button>}
      />
    );
  }

  const { dialog } = actions;
  return (
    <div className="flow-service" data-testid="flow-service">
      <Card size="small" className="flow-service-side" title={t('flow.service.title')}>
        <TreeToolbar
          actions={actionsFor(selected, can)}
          onAction={(action) => onAction(action, selected)}
          onReload={() => void tree.reload()}
          reloading={tree.refreshing}
        />
        {tree.loading ? (
          <Spin style={{ display: 'block', margin: '24px auto' }} />
        ) : (
          <ServiceTree
            nodes={tree.nodes}
            selectedId={selection.selectedId}
            onSelect={choose}
            expanded={selection.expanded}
            onExpand={selection.setExpanded}
            can={can}
            onAction={onAction}
          />
        )}
      </Card>
      <div className="flow-service-main">
        {selected?.kind === 'service' ? (
          <ServiceEditor
            key={selected.id}
            node={selected}
            can={can}
            onAction={onAction}
            reloadTree={tree.reload}
            onDirtyChange={onDirtyChange}
          />
        ) : (
          <NothingChosen module={selected} can={can} onAction={onAction} />
        )}
      </div>
      {dialog?.type === 'create' ? (
        <NodeDialog
          mode="create"
          kind={dialog.kind}
          parentId={dialog.parentId}
          nodes={tree.nodes}
          onDone={(id) => void actions.done(id)}
          onClose={actions.close}
        />
      ) : null}
      {dialog?.type === 'rename' ? (
        <NodeDialog
          mode="rename"
          node={dialog.node}
          nodes={tree.nodes}
          onDone={(id) => void actions.done(id)}
          onClose={actions.close}
        />
      ) : null}
      {dialog?.type === 'move' ? (
        <MoveDialog
          node={dialog.node}
          nodes={tree.nodes}
          onDone={(id) => void actions.done(id)}
          onClose={actions.close}
        />
      ) : null}
      {dialog?.type === 'import' ? (
        <ImportDialog
          parentId={dialog.parentId}
          parentName={dialog.name}
          onDone={(id) => void actions.done(id)}
          onClose={actions.close}
        />
      ) : null}
    </div>
  );
}

/** The right side without a service: what to do next, or what the chosen module holds. */
function NothingChosen(props: {
  module: ServiceNode | null;
  can: FlowPermissions;
  onAction: (action: NodeAction, node: ServiceNode | null) => void;
}) {
  const { t } = useTranslation();
  const { module } = props;
  const creating = actionsFor(module, props.can).filter((a) => a === 'newModule' || a === 'newService');
  return (
    <Card size="small" data-testid="flow-editor-empty">
      <Empty
        description={
          module
            ? t('flow.service.moduleInfo', { name: module.name, count: module.children.length })
            : t('flow.service.pick')
        }
      >
        <Space>
          {creating.map((action) => (
            <Button key={action} icon={actionIcon(action)} onClick={() => props.onAction(action, module)}>
              {t(ACTION_TEXT[action])}
            </Button>
          ))}
        </Space>
      </Empty>
    </Card>
  );
}
