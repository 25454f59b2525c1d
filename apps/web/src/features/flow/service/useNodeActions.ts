import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../shared/ui/feedback.ts';
import type { NodeAction } from './actions.ts';
import { parentForNew } from './actions.ts';
import { flowServiceApi, type ServiceKind } from './api.ts';
import { type ServiceNode, TOP } from './tree.ts';

/** The dialog a tree action opens; the others act at once (after a confirmation for delete). */
export type TreeDialog =
  | { type: 'create'; kind: ServiceKind; parentId: string }
  | { type: 'rename'; node: ServiceNode }
  | { type: 'move'; node: ServiceNode }
  | { type: 'import'; parentId: string; name: string };

interface Options {
  reload: () => Promise<unknown>;
  /** Chooses a node once the tree has it (null: nothing) and opens the modules above it. */
  reveal: (id: string | null) => void;
  selectedId: string | null;
}

/**
 * The tree's actions, for the toolbar and the context menu alike. A failed call was already shown by the request
 * client (its toast with the server's message), so it only ends the action here.
 */
export function useNodeActions({ reload, reveal, selectedId }: Options) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [dialog, setDialog] = useState<TreeDialog | null>(null);

  const attempt = async (task: () => Promise<void>) => {
    try {
      await task();
    } catch {
      // Shown already (see above).
    }
  };

  const confirmDelete = (node: ServiceNode) =>
    modal.confirm({
      title: t('common.confirmTitle'),
      content: t(node.kind === 'module' ? 'flow.service.deleteModuleConfirm' : 'flow.service.deleteConfirm', {
        name: node.name,
      }),
      okText: t('common.ok'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () =>
        attempt(async () => {
          await flowServiceApi.remove(node.id);
          toastSuccess(t('flow.service.deleted'));
          if (node.id === selectedId) {
            reveal(null);
          }
          await reload();
        }),
    });

  const act = (action: NodeAction, node: ServiceNode | null): void => {
    if (action === 'newModule' || action === 'newService') {
      setDialog({
        type: 'create',
        kind: action === 'newModule' ? 'module' : 'service',
        parentId: parentForNew(node),
      });
      return;
    }
    if (action === 'import') {
      setDialog({ type: 'import', parentId: node?.id ?? TOP, name: node?.name ?? t('flow.service.top') });
      return;
    }
    if (!node) {
      return;
    }
    switch (action) {
      case 'rename':
      case 'move':
        setDialog({ type: action, node });
        return;
      case 'delete':
        confirmDelete(node);
        return;
      case 'copy':
        void attempt(async () => {
          const copy = await flowServiceApi.copy(node.id);
          toastSuccess(t('flow.service.copied', { name: copy.name }));
          await reload();
          reveal(copy.id);
        });
        return;
      case 'enable':
      case 'disable':
        void attempt(async () => {
          await (action === 'enable' ? flowServiceApi.enable(node.id) : flowServiceApi.disable(node.id));
          toastSuccess(t(action === 'enable' ? 'flow.service.enabledDone' : 'flow.service.disabledDone'));
          await reload();
        });
        return;
      case 'export':
        void attempt(() => flowServiceApi.exportModule(node.id, node.name));
        return;
    }
  };

  /** A dialog finished its change: the tree is read again and the changed row chosen. */
  const done = async (id: string | null) => {
    setDialog(null);
    await reload();
    if (id) {
      reveal(id);
    }
  };

  return { dialog, act, done, close: () => setDialog(null) };
}
