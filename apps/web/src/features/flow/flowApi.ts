import type { Page, R } from '@yuan/contract';
import { call, type ParamValue, requestRaw } from '../../shared/api/http.ts';
import type { Lint } from './bpmn/lint.ts';

/** The process engine's calls (SPEC §7 Flow). */
export const FLOW_BASE = '/api/yuan-flow';

type Params = Record<string, ParamValue>;

/** A process model as the list shows it. */
export interface ModelRow {
  id: string;
  modelKey: string;
  name: string;
  category: string | null;
  description?: string | null;
  updateTime?: string | null;
}

/** A model with its BPMN XML (`model/detail`). */
export interface ModelDetail extends ModelRow {
  xml: string;
}

export interface ModelInput {
  id?: string;
  modelKey: string;
  name: string;
  category: string;
  description?: string;
  xml: string;
}

/** A save answers the stored row and what the model checker found: a draft with errors is still saved. */
export type SavedModel = ModelDetail & { lint?: Partial<Lint> | null };

export interface DeployedDefinition {
  id: string;
  key: string;
  version: number;
}

export interface DeployResult {
  deploymentId: string;
  definitions: DeployedDefinition[];
}

/** A deployed process definition (`manager/list`). */
export interface DeploymentRow {
  id: string;
  deploymentId: string;
  key: string;
  name: string | null;
  version: number;
  category: string | null;
  tenantId: string | null;
  suspended: boolean;
  deployTime: string | null;
  resourceName: string | null;
}

export interface ActivityRef {
  id: string;
  name?: string | null;
}

/** A process instance (`follow/list`). */
export interface InstanceRow {
  id: string;
  processDefinitionId: string;
  processDefinitionKey: string;
  processDefinitionName: string | null;
  businessKey: string | null;
  startUser: string | null;
  startUserName: string | null;
  startTime: string | null;
  currentActivities: ActivityRef[] | null;
  state: string;
}

/** A user task waiting for or done by the caller (`work/todo-list`, `work/done-list`). */
export interface TaskRow {
  id: string;
  name: string | null;
  activityId: string;
  processInstanceId: string;
  processDefinitionName: string | null;
  businessKey: string | null;
  assignee: string | null;
  candidateUsers: string | null;
  candidateGroups: string | null;
  createTime: string | null;
  completeTime?: string | null;
  comment?: string | null;
  formPageId?: string | null;
}

/** What `process/model-view` answers: the diagram and the path an instance took so far. */
export interface ModelView {
  xml: string;
  completed: string[];
  current: string[];
  flows: string[];
}

/** Either an instance (its path is marked) or a definition (the plain diagram). */
export type ModelViewTarget = { processInstanceId: string } | { processDefinitionId: string };

export type Variables = Record<string, unknown>;

const get = <T>(path: string, params?: Params) => call<T>(`${FLOW_BASE}/${path}`, { params, guard: false });
const post = <T>(path: string, body: unknown, silent?: boolean) =>
  call<T>(`${FLOW_BASE}/${path}`, { method: 'POST', body, silent });

/** List, search and delete of models are the generic resource's (flowModelResource); these are the rest. */
export const modelApi = {
  detail: (id: string) => get<ModelDetail>('model/detail', { id }),
  submit: (body: ModelInput) => post<SavedModel>('model/submit', body),
  deploy: (id: string, tenantIds?: string[]) =>
    post<DeployResult>('model/deploy', tenantIds && tenantIds.length > 0 ? { id, tenantIds } : { id }),
};

export interface UploadInput {
  category: string;
  tenantIds: string[];
  files: File[];
}

export const managerApi = {
  list: (params: Params) => get<Page<DeploymentRow>>('manager/list', params),
  changeState: (processId: string, state: 'active' | 'suspended') =>
    post<unknown>('manager/change-state', { processId, state }),
  /** Silent: a refusal because instances still run is answered by asking whether to remove them too. */
  deleteDeployments: (deploymentIds: string[], cascade = false) =>
    post<unknown>(
      'manager/delete-deployment',
      cascade ? { deploymentIds, cascade } : { deploymentIds },
      !cascade,
    ),
  upload: async ({ category, tenantIds, files }: UploadInput) => {
    const form = new FormData();
    // Fields before files: a multipart reader sees the category before it has to store a file.
    form.append('category', category);
    if (tenantIds.length > 0) {
      form.append('tenantIds', tenantIds.join(','));
    }
    for (const file of files) {
      form.append('files', file, file.name);
    }
    const response = await requestRaw(`${FLOW_BASE}/manager/deploy-upload`, { method: 'POST', body: form });
    return ((await response.json()) as R<DeployResult>).data;
  },
};

export const processApi = {
  start: (body: { processDefinitionKey: string; businessKey?: string; variables?: Variables }) =>
    post<{ processInstanceId: string }>('process/start-process-instance', body),
  modelView: (target: ModelViewTarget) => get<ModelView>('process/model-view', target),
};

export const followApi = {
  list: (params: Params) => get<Page<InstanceRow>>('follow/list', params),
  deleteInstance: (processInstanceId: string, deleteReason: string) =>
    post<unknown>('follow/delete-process-instance', { processInstanceId, deleteReason }),
};

export const workApi = {
  todo: (params: Params) => get<Page<TaskRow>>('work/todo-list', params),
  done: (params: Params) => get<Page<TaskRow>>('work/done-list', params),
  claim: (taskId: string) => post<unknown>('work/claim-task', { taskId }),
  complete: (body: { taskId: string; comment?: string; variables?: Variables }) =>
    post<unknown>('work/complete-task', body),
};
