import { defineResource } from '@yuan/contract';
import { FLOW_BASE } from '../flowApi.ts';
import { pair } from '../texts.ts';

const fields = {
  name: { column: 'name', kind: 'string', label: pair('flow.work.taskName') },
  processDefinitionName: {
    column: 'process_definition_name',
    kind: 'string',
    label: pair('flow.work.processName'),
  },
  businessKey: { column: 'business_key', kind: 'string', label: pair('flow.work.businessKey') },
  assignee: { column: 'assignee', kind: 'string', label: pair('flow.work.assignee') },
  candidateGroups: { column: 'candidate_groups', kind: 'string', label: pair('flow.work.candidates') },
  createTime: { column: 'create_time', kind: 'datetime', label: pair('flow.work.createTime') },
} as const;

/**
 * How the shared list page shows the caller's tasks (menu `flowWork`, which has no CRUD buttons); the to-do and
 * done lists share the base path so that a completed task refreshes both. Calls in flowApi.ts.
 */
export const todoResource = defineResource({
  name: 'flowTodo',
  basePath: `${FLOW_BASE}/work`,
  table: 'flow_task',
  perm: 'flowWork',
  tenantScoped: true,
  readOnly: true,
  title: pair('flow.work.todo'),
  fields,
});

export const doneResource = defineResource({
  name: 'flowDone',
  basePath: `${FLOW_BASE}/work`,
  table: 'flow_task',
  perm: 'flowWork',
  tenantScoped: true,
  readOnly: true,
  title: pair('flow.work.done'),
  fields: {
    ...fields,
    completeTime: { column: 'complete_time', kind: 'datetime', label: pair('flow.work.completeTime') },
    comment: { column: 'comment', kind: 'string', label: pair('flow.work.comment') },
  },
});
