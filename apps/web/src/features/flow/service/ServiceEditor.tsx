import { ApiOutlined, CaretRightOutlined, SaveOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Card,
  Col,
  Form,
  Input,
  Result,
  Row,
  Space,
  Spin,
  Switch,
  Tag,
  Typography,
} from 'antd';
import { lazy, type KeyboardEvent, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../shared/hooks/useLanguage.ts';
import type { NodeAction } from './actions.ts';
import { RunDialog } from './RunDialog.tsx';
import { serviceRules } from './serviceForm.ts';
import type { ServiceNode } from './tree.ts';
import type { FlowPermissions } from './useFlowPermissions.ts';
import { useServiceEditor } from './useServiceEditor.ts';

// CodeMirror is fetched when a service is first opened, not with the tree.
const CodeEditor = lazy(() =>
  import('../../../shared/schema-form/CodeEditor.tsx').then((module) => ({ default: module.CodeEditor })),
);

interface Props {
  node: ServiceNode;
  can: FlowPermissions;
  onAction: (action: NodeAction, node: ServiceNode) => void;
  reloadTree: () => Promise<unknown>;
  onDirtyChange: (dirty: boolean) => void;
}

/** Ctrl+S (Cmd+S on macOS) anywhere in the editor saves instead of saving the web page. */
function isSaveKey(event: KeyboardEvent): boolean {
  return (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 's';
}

/** The chosen service: its name, path and switch, its code in CodeMirror, Save (Ctrl+S) and Run. */
export function ServiceEditor({ node, can, onAction, reloadTree, onDirtyChange }: Props) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const editor = useServiceEditor(node, reloadTree);
  const [running, setRunning] = useState<{ code: string } | null>(null);
  const [params, setParams] = useState('{}');
  const { dirty, form } = editor;
  const canSave = can.edit;
  const canSwitch = node.enabled ? can.disable : can.enable;

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
  if (editor.loading || !editor.saved) {
    return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  }

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (isSaveKey(event)) {
      event.preventDefault();
      if (canSave) {
        void editor.save();
      }
    }
  };

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
                onClick={() => setRunning({ code: String(form.getFieldValue('code') ?? '') })}
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
                onClick={() => void editor.save()}
                data-testid="flow-editor-save"
              >
                {t('flow.service.save')}
              </Button>
            ) : null}
          </Space>
        }
      >
        {editor.problem ? (
          <Alert type="error" showIcon title={editor.problem} style={{ marginBottom: 12 }} />
        ) : null}
        <Form
          form={form}
          name="flow-editor"
          layout="vertical"
          initialValues={editor.saved}
          disabled={!canSave}
        >
          <Row gutter={16}>
            <Col xs={24} md={9}>
              <Form.Item name="name" label={t('flow.service.name')} rules={serviceRules(lang, 'name', true)}>
                <Input maxLength={64} />
              </Form.Item>
            </Col>
            <Col xs={24} md={11}>
              <Form.Item
                name="path"
                label={t('flow.service.path')}
                rules={serviceRules(lang, 'path', true)}
                extra={t('flow.service.pathHint', { path: form.getFieldValue('path') || '…' })}
              >
                <Input maxLength={128} />
              </Form.Item>
            </Col>
            <Col xs={24} md={4}>
              <Form.Item label={t('flow.service.enabled')}>
                <Switch
                  checked={node.enabled}
                  disabled={!canSwitch}
                  onChange={(on) => onAction(on ? 'enable' : 'disable', node)}
                  data-testid="flow-editor-enabled"
                />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item name="code" label={t('flow.service.code')} extra={t('flow.service.saveHint')}>
            <CodeEditorField placeholder={t('flow.service.codePlaceholder')} readOnly={!canSave} />
          </Form.Item>
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

/** The code editor as a form control: the form gives it value and onChange (so it is the item's direct child). */
function CodeEditorField(props: {
  value?: string;
  onChange?: (value: string) => void;
  placeholder: string;
  readOnly: boolean;
}) {
  return (
    <Suspense fallback={<Spin />}>
      <CodeEditor
        value={props.value ?? ''}
        onChange={props.onChange}
        placeholder={props.placeholder}
        readOnly={props.readOnly}
        height="360px"
      />
    </Suspense>
  );
}
