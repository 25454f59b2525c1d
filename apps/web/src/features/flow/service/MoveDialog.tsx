import { Form, TreeSelect } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionDialog } from '../../../shared/components/ActionDialog.tsx';
import { useBusy } from '../../../shared/hooks/useBusy.ts';
import { toastSuccess } from '../../../shared/ui/feedback.ts';
import { flowServiceApi } from './api.ts';
import { moduleChoices, type ServiceNode, TOP } from './tree.ts';

interface Props {
  node: ServiceNode;
  nodes: ServiceNode[];
  onDone: (id: string) => void;
  onClose: () => void;
}

/** Moves a module or service into another module (or to the top); never into itself or what it holds. */
export function MoveDialog({ node, nodes, onDone, onClose }: Props) {
  const { t } = useTranslation();
  const [target, setTarget] = useState<string>(node.parentId);
  const { busy, run, problem } = useBusy({ showProblem: true });
  const choices = useMemo(
    () => [{ value: TOP, title: t('flow.service.top'), children: moduleChoices(nodes, node.id) }],
    [nodes, node.id, t],
  );

  const submit = () =>
    run(async () => {
      await flowServiceApi.move(node.id, target);
      toastSuccess(t('flow.service.moved'));
      onDone(node.id);
    });

  return (
    <ActionDialog
      testId="flow-move-dialog"
      title={t('flow.service.moveTitle', { name: node.name })}
      okText={t('crud.submit')}
      okButtonProps={{ disabled: target === node.parentId }}
      busy={busy}
      problem={problem}
      onOk={submit}
      onCancel={onClose}
    >
      <Form name="flow-move" layout="vertical">
        <Form.Item label={t('flow.service.moveTarget')}>
          <TreeSelect
            value={target}
            onChange={(value: string) => setTarget(value)}
            treeData={choices}
            treeDefaultExpandAll
            showSearch
            treeNodeFilterProp="title"
            data-testid="flow-move-target"
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Form>
    </ActionDialog>
  );
}
