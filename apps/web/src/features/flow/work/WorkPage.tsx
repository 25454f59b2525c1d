import { useQueryClient } from '@tanstack/react-query';
import { Tabs } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../../shared/crud/CrudPage/index.tsx';
import type { CrudConfig } from '../../../shared/crud/types.ts';
import { ModelViewDialog } from '../bpmn/ModelViewDialog.tsx';
import { workApi } from '../flowApi.ts';
import { listApi } from '../listApi.ts';
import { CompleteDialog } from './CompleteDialog.tsx';
import { type TaskDialog, TaskRowActions } from './TaskRowActions.tsx';
import { doneResource, todoResource } from './taskResource.ts';

const todoApi = listApi(workApi.todo);
const doneApi = listApi(workApi.done);
const OFF = { add: false, edit: false, view: false, delete: false };

/** /flow/work (my tasks): the tasks waiting for the caller, to claim and complete, and the ones done. */
export function WorkPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [tab, setTab] = useState('todo');
  const [dialog, setDialog] = useState<TaskDialog>(null);
  // Both lists share one base path: a claimed or completed task refreshes the to-do and the done list.
  const reload = useCallback(
    () => void client.invalidateQueries({ queryKey: ['crud-list', todoResource.basePath] }),
    [client],
  );

  const todo = useMemo<CrudConfig>(
    () => ({
      id: 'flowTodo',
      resource: todoResource,
      api: todoApi,
      dateRange: false,
      buttons: OFF,
      rowActions: (row) => <TaskRowActions row={row} todo onOpen={setDialog} reload={reload} />,
      rowActionCount: 2,
    }),
    [reload],
  );
  const done = useMemo<CrudConfig>(
    () => ({
      id: 'flowDone',
      resource: doneResource,
      api: doneApi,
      dateRange: false,
      buttons: OFF,
      fields: { comment: { width: 220 } },
      rowActions: (row) => <TaskRowActions row={row} todo={false} onOpen={setDialog} reload={reload} />,
      rowActionCount: 1,
    }),
    [reload],
  );

  return (
    <>
      <Tabs
        activeKey={tab}
        onChange={(key) => {
          setTab(key);
          reload();
        }}
        items={[
          { key: 'todo', label: t('flow.work.todo'), children: <CrudPage config={todo} /> },
          { key: 'done', label: t('flow.work.done'), children: <CrudPage config={done} /> },
        ]}
      />
      {dialog?.type === 'complete' ? (
        <CompleteDialog task={dialog.task} onClose={() => setDialog(null)} onDone={reload} />
      ) : null}
      {dialog?.type === 'view' ? (
        <ModelViewDialog
          target={{ processInstanceId: dialog.task.processInstanceId }}
          title={t('flow.bpmn.diagramOf', {
            name: dialog.task.processDefinitionName || dialog.task.name || '',
          })}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </>
  );
}
