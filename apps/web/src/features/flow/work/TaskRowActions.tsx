import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../../shared/crud/types.ts';
import { useBusy } from '../../../shared/hooks/useBusy.ts';
import { toastSuccess } from '../../../shared/ui/feedback.ts';
import { type TaskRow, workApi } from '../flowApi.ts';
import { recordOf } from '../listApi.ts';

export type TaskDialog = { type: 'complete' | 'view'; task: TaskRow } | null;

interface Props {
  row: Row;
  /** The to-do list offers claim and complete; the done list only the diagram. */
  todo: boolean;
  onOpen: (dialog: TaskDialog) => void;
  reload: () => void;
}

/**
 * A task's actions: a task offered to candidates is claimed first (it becomes the caller's), an assigned one is
 * completed; both show the instance's diagram.
 */
export function TaskRowActions({ row, todo, onOpen, reload }: Props) {
  const { t } = useTranslation();
  const task = recordOf<TaskRow>(row);
  const { busy: claiming, run } = useBusy();

  // A refusal (e.g. someone else claimed it first) is shown by the request client with the server's reason.
  const claim = () =>
    run(async () => {
      await workApi.claim(task.id);
      toastSuccess(t('flow.work.claimed'));
      reload();
    });

  return (
    <Space size={0}>
      {todo && !task.assignee ? (
        <Button
          type="link"
          size="small"
          loading={claiming}
          onClick={() => void claim()}
          data-testid="flow-task-claim"
        >
          {t('flow.work.claim')}
        </Button>
      ) : null}
      {todo && task.assignee ? (
        <Button
          type="link"
          size="small"
          onClick={() => onOpen({ type: 'complete', task })}
          data-testid="flow-task-complete"
        >
          {t('flow.work.complete')}
        </Button>
      ) : null}
      <Button
        type="link"
        size="small"
        onClick={() => onOpen({ type: 'view', task })}
        data-testid="flow-task-view"
      >
        {t('flow.bpmn.diagram')}
      </Button>
    </Space>
  );
}
