import { ApiOutlined, CaretRightOutlined, SaveOutlined } from '@ant-design/icons';
import { Button, Card, Form, Result, Space, Spin, Tabs, Tag, Typography } from 'antd';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ProblemAlert } from '../../../shared/components/ActionDialog.tsx';
import type { NodeAction } from './actions.ts';
import { BlocksPane, CodePane } from './EditorPanes.tsx';
import { RunDialog } from './RunDialog.tsx';
import { ServiceFields } from './ServiceFields.tsx';
import type { ServiceNode } from './tree.ts';
import type { FlowPermissions } from './useFlowPermissions.ts';
import { useServiceBlocks } from './useServiceBlocks.ts';
import { useServiceEditor } from './useServiceEditor.ts';

interface Props {
  node: ServiceNode;
  can: FlowPermissions;
  onAction: (action: NodeAction, node: ServiceNode) => void;
  reloadTree: () => Promise<unknown>;
  onDirtyChange: (dirty: boolean) => void;
}

type Mode = 'code' | 'blocks';

/** Ctrl+S (Cmd+S on macOS) anywhere in the editor saves instead of saving the web page. */
function isSaveKey(event: KeyboardEvent): boolean {
  return (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 's';
}

/**
 * The chosen service: its settings (name, path, switch, calling roles, schedule), its code in CodeMirror or as
 * Blockly blocks, Save (Ctrl+S) and Run. A save from the blocks tab saves the blocks and makes their script the code.
 */
export function ServiceEditor({ node, can, onAction, reloadTree, onDirtyChange }: Props) {
  const { t } = useTranslation();
  const editor = useServiceEditor(node, reloadTree);
  const blocks = useServiceBlocks(node.id);
  const [mode, setMode] = useState<Mode | null>(null);
  const [running, setRunning] = useState<{ code: string } | null>(null);
  const [params, setParams] = useState('{}');
  const { form } = editor;
  const dirty = editor.dirty || blocks.dirty;
  const canSave = can.edit;
  const canSwitch = node.enabled ? can.disable : can.enable;
  // A service made with blocks opens on them; one whose blocks cannot be read opens on its code.
  const shown: Mode = mode ?? (blocks.linked ? 'blocks' : 'code');

  useEffect(() => {
    onDirtyChange(dirty);
  }, [dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);

  if (editor.failed) {
    return (
      <Result
        status="error"
        title={t('flow.service.detailFailed')}
        extra={<Button onClick={editor.retry}>{t('common.retry')}</Button>}
      />
    );
  }
  if (editor.loading || !editor.saved || blocks.loading) {
    return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  }

  const save = async () => {
    const snapshot = shown === 'blocks' ? blocks.handle.current?.snapshot() : undefined;
    if (await editor.save(snapshot)) {
      if (snapshot) {
        blocks.markSaved(snapshot.data);
      }
    }
  };
  // What runs is what is shown: the code editor's text, or the script of the blocks as they are now.
  const codeToRun = () =>
    (shown === 'blocks' ? blocks.handle.current?.snapshot().code : undefined) ??
    String(form.getFieldValue('code') ?? '');

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (isSaveKey(event)) {
      event.preventDefault();
      if (canSave) {
        void save();
      }
    }
  };

  const { saved } = editor;
  return (
    <div onKeyDown={onKeyDown} data-testid="flow-editor">
      <Card
        size="small"
        title={
          <Space>
            <ApiOutlined />
            <span>{node.name}</span>
            {dirty ? (
              <Tag color="warning" data-testid="flow-editor-dirty">
                {t('flow.service.unsaved')}
              </Tag>
            ) : null}
          </Space>
        }
        extra={
          <Space>
            {can.run ? (
              <Button
                icon={<CaretRightOutlined />}
                onClick={() => setRunning({ code: codeToRun() })}
                data-testid="flow-editor-run"
              >
                {t('flow.service.run')}
              </Button>
            ) : null}
            {canSave ? (
              <Button
                type="primary"
                icon={<SaveOutlined />}
                loading={editor.saving}
                onClick={() => void save()}
                data-testid="flow-editor-save"
              >
                {t('flow.service.save')}
              </Button>
            ) : null}
          </Space>
        }
      >
        <ProblemAlert text={editor.problem} />
        <Form
          form={form}
          name="flow-editor"
          layout="vertical"
          initialValues={{ ...saved, timeZone: saved.timeZone || undefined }}
          disabled={!canSave}
        >
          <ServiceFields form={form} node={node} canSwitch={canSwitch} onAction={onAction} />
          <Tabs
            activeKey={shown}
            onChange={(key) => setMode(key as Mode)}
            items={[
              {
                key: 'code',
                label: <span data-testid="flow-editor-tab-code">{t('flow.service.code')}</span>,
                // Always rendered: the code is a field of the form even while the blocks are shown.
                forceRender: true,
                children: <CodePane blocks={blocks} canSave={canSave} />,
              },
              {
                key: 'blocks',
                label: <span data-testid="flow-editor-tab-blocks">{t('flow.blockly.tab')}</span>,
                children: <BlocksPane blocks={blocks} canSave={canSave} />,
              },
            ]}
          />
        </Form>
        <Typography.Text type="secondary">{t('flow.service.globals')}</Typography.Text>
      </Card>
      {running ? (
        <RunDialog
          name={node.name}
          code={running.code}
          params={params}
          onParamsChange={setParams}
          onClose={() => setRunning(null)}
        />
      ) : null}
    </div>
  );
}
