import { Alert, Form, Modal, TreeSelect } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RequestError } from '../../../shared/api/http.ts';
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
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState('');
  const choices = useMemo(
    () => [{ value: TOP, title: t('flow.service.top'), children: moduleChoices(nodes, node.id) }],
    [nodes, node.id, t],
  );

  const submit = async () => {
    setSaving(true);
    setProblem('');
    try {
      await flowServiceApi.move(node.id, target);
      toastSuccess(t('flow.service.moved'));
      onDone(node.id);
    } catch (error) {
      setProblem(error instanceof RequestError ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={t('flow.service.moveTitle', { name: node.name })}
      mask={{ closable: false }}
      destroyOnHidden
      okText={t('crud.submit')}
      cancelText={t('crud.cancel')}
      okButtonProps={{ loading: saving, disabled: target === node.parentId }}
      onOk={() => void submit()}
      onCancel={onClose}
      wrapProps={{ 'data-testid': 'flow-move-dialog' }}
    >
      {problem ? <Alert type="error" showIcon title={problem} style={{ marginBottom: 12 }} /> : null}
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
    </Modal>
  );
}
