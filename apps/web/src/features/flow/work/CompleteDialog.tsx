import { Divider, Form, Input, Spin, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionDialog } from '../../../shared/components/ActionDialog.tsx';
import { useBusy } from '../../../shared/hooks/useBusy.ts';
import { toastSuccess } from '../../../shared/ui/feedback.ts';
import { type TaskRow, workApi } from '../flowApi.ts';
import { VariablesField } from '../VariablesField.tsx';
import { parseVariables } from '../variables.ts';

// The form renderer is only needed for tasks with a designed form.
const TaskForm = lazy(() => import('./TaskForm.tsx').then((m) => ({ default: m.TaskForm })));

interface Values {
  comment?: string;
  variables?: string;
}

/**
 * Completes a task with a comment and variables: typed as JSON, and from the task's designed form when it has one
 * (the form's values win over the same names in the JSON).
 */
export function CompleteDialog(props: { task: TaskRow; onClose: () => void; onDone: () => void }) {
  const { task, onClose, onDone } = props;
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [pageForm] = Form.useForm();
  const [pageReady, setPageReady] = useState(false);
  const { busy, run } = useBusy();

  const submit = () =>
    run(async () => {
      // Each form shows what is wrong next to the field.
      const values = await form.validateFields();
      let fromPage: Record<string, unknown> = {};
      if (pageReady) {
        await pageForm.validateFields();
        fromPage = pageForm.getFieldsValue(true) as Record<string, unknown>;
      }
      const parsed = parseVariables(values.variables ?? '');
      const variables = { ...(parsed.ok ? parsed.variables : {}), ...fromPage };
      const comment = values.comment?.trim();
      await workApi.complete({
        taskId: task.id,
        ...(comment ? { comment } : {}),
        ...(Object.keys(variables).length > 0 ? { variables } : {}),
      });
      toastSuccess(t('flow.work.completed'));
      onDone();
      onClose();
    });

  return (
    <ActionDialog
      testId="flow-complete-dialog"
      width={task.formPageId ? 860 : 600}
      title={t('flow.work.completeTitle', { name: task.name || task.activityId })}
      okText={t('flow.work.complete')}
      busy={busy}
      onOk={submit}
      onCancel={onClose}
    >
      <Typography.Paragraph type="secondary">
        {t('flow.work.completeHint', {
          process: task.processDefinitionName || task.processInstanceId,
          key: task.businessKey || '-',
        })}
      </Typography.Paragraph>
      {task.formPageId ? (
        <>
          <Suspense fallback={<Spin />}>
            <TaskForm pageId={task.formPageId} form={pageForm} onReady={setPageReady} />
          </Suspense>
          <Divider />
        </>
      ) : null}
      <Form form={form} layout="vertical" name="flow-complete">
        <Form.Item name="comment" label={t('flow.work.comment')}>
          <Input.TextArea
            autoSize={{ minRows: 2, maxRows: 5 }}
            maxLength={500}
            showCount
            data-testid="flow-complete-comment"
          />
        </Form.Item>
        <VariablesField />
      </Form>
    </ActionDialog>
  );
}
