import { z } from 'zod';
import { idList, idString, joinIds } from '../envelope.ts';
import { defineResource } from '../resource.ts';

/** Process models edited in the modeller (SPEC §7 model/*): the XML is kept as drawn; deploying makes a definition. */
export const flowModelResource = defineResource({
  name: 'flowModel',
  basePath: '/api/yuan-flow/model',
  table: 'yuan_flow_model',
  perm: 'flowModel',
  tenantScoped: true,
  title: ['流程模型', 'Process model'],
  // A save answers the model check's findings with the row.
  display: ['lint'],
  fields: {
    modelKey: {
      column: 'model_key',
      kind: 'string',
      label: ['模型标识', 'Model key'],
      required: ['请输入模型标识', 'Please enter the model key'],
      max: 64,
      // The key is the process id in the XML: an XML name.
      pattern: '^[A-Za-z_][A-Za-z0-9_.-]*$',
      unique: true,
      search: 'like',
    },
    name: {
      column: 'name',
      kind: 'string',
      label: ['模型名称', 'Name'],
      required: ['请输入模型名称', 'Please enter the name'],
      max: 128,
      search: 'like',
    },
    category: { column: 'category', kind: 'string', label: ['分类', 'Category'], max: 64, search: 'eq' },
    description: { column: 'description', kind: 'string', label: ['描述', 'Description'], max: 500 },
    xml: {
      column: 'xml',
      kind: 'text',
      label: ['流程图', 'Diagram'],
      required: ['请绘制流程图', 'Please draw the diagram'],
      max: 2_000_000,
      list: false,
    },
  },
});

/** One finding of the model check: the element it is about (for the diagram) and what is wrong. */
export interface BpmnFinding {
  id: string;
  message: string;
  rule: string;
}

export const flowPage = {
  current: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(200).default(10),
};

const variables = z
  .record(
    z
      .string()
      .regex(/^[A-Za-z_$][\w$]*$/)
      .max(64),
    z.unknown(),
  )
  .refine((v) => Object.keys(v).length <= 100, 'at most 100 variables')
  .refine((v) => JSON.stringify(v).length <= 100_000, 'at most 100 KB');

/** Tenant codes (not numeric ids), comma-joined or as an array like every id list; answered comma-joined. */
export const tenantCodes = z.preprocess(
  joinIds,
  z
    .string()
    .regex(/^[0-9A-Za-z]{1,12}(,[0-9A-Za-z]{1,12}){0,99}$/, 'expected tenant ids, comma-joined or an array'),
);

export const flowSchemas = {
  deploy: z.strictObject({ id: idString, tenantIds: tenantCodes.optional() }),
  changeState: z.strictObject({ processId: idString, state: z.enum(['active', 'suspended']) }),
  deleteDeployment: z.strictObject({
    deploymentIds: idList,
    cascade: z.boolean().optional(),
  }),
  managerList: z.strictObject({
    ...flowPage,
    key: z.string().max(64).optional(),
    category: z.string().max(64).optional(),
  }),
  followList: z.strictObject({
    ...flowPage,
    processDefinitionKey: z.string().max(64).optional(),
    businessKey: z.string().max(128).optional(),
  }),
  deleteInstance: z.strictObject({
    processInstanceId: idString,
    deleteReason: z.string().max(255).default(''),
  }),
  modelView: z.strictObject({
    processInstanceId: idString.optional(),
    processDefinitionId: idString.optional(),
  }),
  start: z.strictObject({
    processDefinitionKey: z.string().min(1).max(64),
    businessKey: z.string().max(128).optional(),
    variables: variables.optional(),
  }),
  signal: z.strictObject({
    processInstanceId: idString,
    activityId: z.string().min(1).max(128),
    variables: variables.optional(),
  }),
  taskList: z.strictObject(flowPage),
  claim: z.strictObject({ taskId: idString }),
  complete: z.strictObject({
    taskId: idString,
    comment: z.string().max(2000).optional(),
    variables: variables.optional(),
  }),
};
