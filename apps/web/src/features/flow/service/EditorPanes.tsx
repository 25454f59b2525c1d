import { Alert, Button, Form, Popconfirm, Result, Spin, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { ProblemAlert } from '../../../shared/components/ActionDialog.tsx';
import type { useServiceBlocks } from './useServiceBlocks.ts';

// CodeMirror is fetched when a service is first opened, not with the tree.
const CodeEditor = lazy(() =>
  import('../../../shared/schema-form/CodeEditor.tsx').then((module) => ({ default: module.CodeEditor })),
);
// Blockly (about a megabyte) is fetched when the blocks tab is first shown.
const BlocklyWorkspace = lazy(() =>
  import('./blockly/BlocklyWorkspace.tsx').then((module) => ({ default: module.BlocklyWorkspace })),
);

type Blocks = ReturnType<typeof useServiceBlocks>;

interface PaneProps {
  blocks: Blocks;
  canSave: boolean;
}

/**
 * The code in CodeMirror. Code generated from blocks is read-only here, with a note saying so and a way to drop
 * the blocks and write the code by hand.
 */
export function CodePane({ blocks, canSave }: PaneProps) {
  const { t } = useTranslation();
  return (
    <>
      {blocks.linked ? (
        <Alert
          type="info"
          showIcon
          title={t('flow.blockly.generated')}
          style={{ marginBottom: 12 }}
          data-testid="flow-editor-generated"
          action={
            canSave ? (
              <Popconfirm
                title={t('flow.blockly.unlinkConfirm')}
                okText={t('common.ok')}
                cancelText={t('common.cancel')}
                onConfirm={() => void blocks.unlink()}
              >
                <Button size="small" data-testid="flow-editor-unlink">
                  {t('flow.blockly.unlink')}
                </Button>
              </Popconfirm>
            ) : null
          }
        />
      ) : null}
      <ProblemAlert text={blocks.unlinkProblem} />
      {/* The tab above is the field's label. */}
      <Form.Item name="code" extra={t('flow.service.saveHint')}>
        <CodeEditorField
          placeholder={t('flow.service.codePlaceholder')}
          readOnly={!canSave || blocks.linked}
        />
      </Form.Item>
    </>
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

/** The blocks: a Blockly workspace with the saved blocks, or an empty one for a service that has none. */
export function BlocksPane({ blocks, canSave }: PaneProps) {
  const { t } = useTranslation();
  if (blocks.failed) {
    return (
      <Result
        status="warning"
        title={t('flow.blockly.loadFailed')}
        extra={<Button onClick={blocks.retry}>{t('common.retry')}</Button>}
      />
    );
  }
  return (
    <>
      <Typography.Paragraph type="secondary">{t('flow.blockly.hint')}</Typography.Paragraph>
      <Suspense fallback={<Spin style={{ display: 'block', margin: '48px auto' }} />}>
        <BlocklyWorkspace
          key={blocks.generation}
          ref={blocks.handle}
          initial={blocks.data ?? null}
          readOnly={!canSave}
          onDirtyChange={blocks.setDirty}
        />
      </Suspense>
    </>
  );
}
