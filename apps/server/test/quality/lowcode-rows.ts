import { nextId } from '../../src/lib/id.ts';
import { ADMIN_PASSWORD } from '../env.ts';
import { TENANT_B } from '../fixtures.ts';
import type { TestApp } from '../harness.ts';

/** One attempt: a query, a body, or (for a route with a parameter) the path to call. */
export type Call = { query?: Record<string, string>; body?: object; url?: string };

const API = '/api/yuan-api';
const EMPTY_MODEL =
  '<?xml version="1.0"?><definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" id="d"/>';

async function ok(t: TestApp, token: string, method: 'GET' | 'POST', url: string, body?: object) {
  const res = await t.call(method, `${API}${url}`, token, body);
  if (res.statusCode !== 200 || res.json().success !== true) {
    throw new Error(`fixture ${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  }
  return res.json().data;
}

/** One tenant's element definition, synced entity and entity row. */
async function lowcodeRows(t: TestApp, token: string, tag: string) {
  const def = await ok(t, token, 'POST', '/dt/fnSaveOrUpdate', {
    defNo: `def_${tag}`,
    defName: `Def ${tag}`,
    dataTyp: 'string',
  });
  const entity = await ok(t, token, 'POST', '/dtentity/saveOrUpdate', {
    entNo: `ent_${tag}`,
    entName: `Entity ${tag}`,
    treeField: 'parent',
    elements: [
      { eleNo: 'title', eleName: 'Title', dataTyp: 'string', defNo: `def_${tag}`, unique: true },
      { eleNo: 'parent', eleName: 'Parent', dataTyp: 'string' },
    ],
  });
  await ok(t, token, 'POST', '/dtentity/syncEntityDataBaseTable', { id: entity.id, apply: true });
  const row = await ok(t, token, 'POST', '/dtentity/saveOrUpdateData', {
    entId: entity.id,
    data: { title: tag },
  });
  const versions = await ok(t, token, 'GET', `/dtversion/list?targetId=${entity.id}`);
  const revisions = await ok(t, token, 'GET', `/revision/list?resource=ent_${entity.id}&id=${row.id}`);
  const trigger = await ok(t, token, 'POST', '/trigger/saveOrUpdate', {
    name: `Trigger ${tag}`,
    entId: entity.id,
    events: ['create'],
    action: { kind: 'process', processKey: `proc_${tag}` },
    enabled: false,
  });
  // A delivery of the trigger, as the dispatcher writes one.
  const delivery = await t.database.root
    .insertInto('yuan_trigger_delivery')
    .values({
      tenant_id: tag === 'a' ? '000000' : TENANT_B,
      trigger_id: trigger.id,
      revision_id: revisions.records[0].id,
      payload: '{}',
      status: 'failed',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const design = { entId: entity.id };
  const page = await ok(t, token, 'POST', '/dtpage/fnSaveOrUpdate', {
    ...design,
    pageNo: `page_${tag}`,
    pageName: `Page ${tag}`,
    formJson: { column: [] },
  });
  const grid = await ok(t, token, 'POST', '/dtgrid/fnSaveOrUpdate', {
    ...design,
    gridNo: `grid_${tag}`,
    gridName: `Grid ${tag}`,
    gridJson: { columns: [] },
  });
  const module = await ok(t, token, 'POST', '/s/saveOrUpdate', {
    parentId: '0',
    name: `M ${tag}`,
    kind: 'module',
  });
  const service = await ok(t, token, 'POST', '/s/saveOrUpdate', {
    parentId: module.id,
    name: `S ${tag}`,
    kind: 'service',
    path: `svc_${tag}`,
    code: 'return 1',
  });
  const model = await ok(t, token, 'POST', '/../yuan-flow/model/submit', {
    modelKey: `model_${tag}`,
    name: `Model ${tag}`,
    xml: EMPTY_MODEL,
  });
  const wallet = await ok(t, token, 'POST', '/clientApp/createWallet', {
    password: 'secret6',
    email: `${tag}@example.com`,
    agreed: true,
  });
  const payee = await ok(t, token, 'POST', '/clientApp/addNewPayee', {
    name: `P ${tag}`,
    address: '0x000000000000000000000000000000000000dEaD',
  });
  const text = await ok(
    t,
    token,
    'GET',
    `/i18n/create?i18nKey=fixture.${tag}&language=en&i18nText=${encodeURIComponent(`Text ${tag}`)}`,
  );
  // A passkey of the signed-in user, written straight in (a registration needs a browser's authenticator).
  const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
  const passkeyId = nextId();
  await t.database.root
    .insertInto('yuan_mfa_factor')
    .values({
      id: passkeyId,
      tenant_id: claims.tid,
      user_id: claims.sub,
      kind: 'passkey',
      name: `key ${tag}`,
      credential_id: `cred-${tag}`,
      confirmed: true,
    })
    .execute();
  return {
    passkeyId,
    textId: text.id as string,
    walletId: wallet.id as string,
    payeeId: payee.id as string,
    modelId: model.id as string,
    moduleId: module.id as string,
    serviceId: service.id as string,
    servicePath: `svc_${tag}`,
    pageId: page.id as string,
    gridId: grid.id as string,
    versionId: versions.records[0].id as string,
    revisionId: revisions.records[0].id as string,
    triggerId: trigger.id as string,
    deliveryId: String(delivery.id),
    defId: def.id as string,
    defNo: `def_${tag}`,
    entId: entity.id as string,
    entNo: `ent_${tag}`,
    rowId: row.id as string,
  };
}

/** A one-to-one web chat conversation of the tenant's first user other than the caller. */
async function webchatConversation(t: TestApp, token: string): Promise<string> {
  const users = await t.call('GET', '/api/webchat/users', token);
  const userId = users.json().data[0]?.id as string | undefined;
  const made = await t.call('POST', '/api/webchat/direct', token, { userId });
  if (made.statusCode !== 200) {
    throw new Error(`fixture webchat: ${made.statusCode} ${made.body.slice(0, 200)}`);
  }
  return made.json().data.id as string;
}

/** What B tries on A's form or grid through the calls both kinds share. */
function designAttempts(kind: 'page' | 'grid', aId: string, aEnt: string, bEnt: string) {
  const base = `POST ${API}/dt${kind}`;
  const label = kind === 'page' ? 'Page' : 'Grid';
  return {
    [`GET ${API}/dt${kind}/fnList`]: [{ query: { entId: aEnt } }],
    [`GET ${API}/dt${kind}/getDetail`]: [{ query: { id: aId } }],
    [`GET ${API}/dt${kind}/check${label}NoExist`]: [{ query: { [`${kind}No`]: 'x', id: aId } }],
    [`${base}/fnSaveOrUpdate`]: [
      { body: { id: aId, [`${kind}No`]: 'mallory', [`${kind}Name`]: 'x', entId: bEnt } },
    ],
    [`${base}/copy`]: [{ body: { id: aId } }],
    [`${base}/default`]: [{ body: { id: aId } }],
  } satisfies Record<string, Call[]>;
}

/**
 * The low-code routes' isolation fixtures: tenant A's and B's rows, and per route what B tries with A's ids (each
 * must answer 404 or 403 and change nothing). A route that takes an id and is missing here fails the matrix.
 */
export async function lowcodeAttempts(t: TestApp, tokens: { a: string; b: string }) {
  const a = await lowcodeRows(t, tokens.a, 'a');
  const b = await lowcodeRows(t, tokens.b, 'b');
  // Tenant A has a second user ("nobody", see fixtures.ts) to chat with.
  const chat = await webchatConversation(t, tokens.a);
  const attempts: Record<string, Call[]> = {
    'GET /api/yuan-api/dt/fnFindByDefNo': [{ query: { defNo: a.defNo } }],
    'POST /api/yuan-api/dt/fnSaveOrUpdate': [
      { body: { id: a.defId, defNo: 'x', defName: 'x', dataTyp: 'int' } },
    ],
    'GET /api/yuan-api/dtEleDef/getDetail': [{ query: { id: a.defId } }],
    'GET /api/yuan-api/dtEleDef/getOne': [{ query: { id: a.defId } }],
    'POST /api/yuan-api/dtEleDef/remove': [{ body: { ids: a.defId } }, { body: { ids: [b.defId, a.defId] } }],
    'GET /api/yuan-api/dtentity/getDetail': [{ query: { id: a.entId } }],
    'GET /api/yuan-api/dtentity/getEntity': [{ query: { id: a.entId } }],
    'GET /api/yuan-api/dtentity/elements': [{ query: { entId: a.entId } }],
    'GET /api/yuan-api/dtentity/fnFindByEntNo': [{ query: { entNo: a.entNo } }],
    'POST /api/yuan-api/dtentity/saveOrUpdate': [
      { body: { id: a.entId, entNo: 'x', entName: 'x', elements: [] } },
    ],
    'POST /api/yuan-api/dtentity/remove': [
      { body: { ids: [a.entId], dropTable: true, confirmRows: 1 } },
      { body: { ids: [b.entId, a.entId], dropTable: true, confirmRows: 1 } },
    ],
    'POST /api/yuan-api/dtentity/syncEntityDataBaseTable': [{ body: { id: a.entId, apply: true } }],
    'GET /api/yuan-api/dtentity/queryConfig': [{ query: { entId: a.entId } }],
    'GET /api/yuan-api/dtentity/queryDataByFields': [{ query: { entId: a.entId } }],
    'GET /api/yuan-api/dtentity/data/detail': [
      { query: { entId: a.entId, id: a.rowId } },
      { query: { entId: b.entId, id: a.rowId } },
    ],
    'POST /api/yuan-api/dtentity/saveOrUpdateData': [
      { body: { entId: a.entId, data: { title: 'mallory' } } },
      { body: { entId: b.entId, data: { id: a.rowId, title: 'mallory' } } },
    ],
    'POST /api/yuan-api/dtentity/removeDatas': [
      { body: { entId: a.entId, ids: [a.rowId] } },
      { body: { entId: b.entId, ids: [b.rowId, a.rowId] } },
    ],
    'GET /api/yuan-api/dtentity/data/kv': [{ query: { entId: a.entId, field: 'title' } }],
    'GET /api/yuan-api/dtentity/ref': [{ query: { entId: a.entId, field: 'title' } }],
    'GET /api/yuan-api/dtentity/ref/list': [{ query: { entId: a.entId } }],
    'GET /api/yuan-api/dtentity/:id/children': [
      { url: `${API}/dtentity/0/children`, query: { entId: a.entId } },
      { url: `${API}/dtentity/${a.rowId}/children`, query: { entId: b.entId } },
    ],
    'POST /api/yuan-api/dtentity/entExcelParseSave': [{ query: { entId: a.entId } }],
    'GET /api/yuan-api/dtentity/exportEntity': [{ query: { entId: a.entId } }],
    'POST /api/yuan-api/dtversion/restore': [{ body: { id: a.versionId } }],
    'GET /api/yuan-api/dtversion/list': [
      { query: { targetId: a.entId } },
      { query: { targetId: a.pageId, kind: 'page' } },
      { query: { targetId: a.gridId, kind: 'grid' } },
    ],
    'GET /api/yuan-api/revision/list': [
      { query: { resource: `ent_${a.entId}`, id: a.rowId } },
      { query: { resource: `ent_${b.entId}`, id: a.rowId } },
    ],
    'POST /api/yuan-api/revision/restore': [{ body: { id: a.revisionId } }],
    'POST /api/yuan-api/trigger/saveOrUpdate': [
      {
        body: {
          id: a.triggerId,
          name: 'mallory',
          entId: b.entId,
          events: ['create'],
          action: { kind: 'process', processKey: 'x' },
        },
      },
    ],
    'POST /api/yuan-api/trigger/remove': [
      { body: { ids: [a.triggerId] } },
      { body: { ids: [b.triggerId, a.triggerId] } },
    ],
    'GET /api/yuan-api/trigger/deliveries': [{ query: { triggerId: a.triggerId } }],
    'POST /api/yuan-user/mfa/remove': [
      { body: { kind: 'passkey', id: a.passkeyId, password: ADMIN_PASSWORD } },
    ],
    'POST /api/yuan-api/trigger/redeliver': [{ body: { deliveryId: a.deliveryId } }],
    'GET /api/yuan-api/dtentity/field/unique': [{ query: { entId: a.entId, field: 'title', value: 'a' } }],
    ...designAttempts('page', a.pageId, a.entId, b.entId),
    ...designAttempts('grid', a.gridId, a.entId, b.entId),
    'POST /api/yuan-api/dtpage/remove': [
      { body: { ids: [a.pageId] } },
      { body: { ids: [b.pageId, a.pageId] } },
    ],
    'GET /api/yuan-api/dtgrid/remove': [
      { query: { id: a.gridId } },
      { query: { id: `${b.gridId},${a.gridId}` } },
    ],
    ...serviceAttempts(a, b),
    ...modelAttempts(a.modelId, b.modelId),
    [`GET ${API}/i18n/create`]: [
      { query: { id: a.textId, i18nKey: 'fixture.a', language: 'en', i18nText: 'mallory' } },
    ],
    [`GET ${API}/i18n/update`]: [
      { query: { id: a.textId, i18nKey: 'fixture.a', language: 'en', i18nText: 'mallory' } },
    ],
    [`GET ${API}/i18n/deleteI18nKey`]: [
      { query: { ids: a.textId } },
      { query: { ids: `${b.textId},${a.textId}` } },
    ],
    'GET /api/webchat/messages': [{ query: { id: chat } }],
    'POST /api/webchat/read': [{ body: { id: chat } }, { body: { id: chat, lastId: '1' } }],
    [`POST ${API}/clientApp/showWalletName`]: [{ body: { id: a.walletId, name: 'x' } }],
    // Payees are per user: B (another tenant) can neither remove nor pay A's.
    [`POST ${API}/payee/removeDatas`]: [
      { body: { ids: [a.payeeId] } },
      { body: { ids: `${b.payeeId},${a.payeeId}` } },
    ],
    [`POST ${API}/clientApp/sendToken`]: [
      {
        body: {
          walletId: b.walletId,
          to: a.payeeId,
          amount: '1',
          password: 'secret6',
          requestId: 'isolation-1',
        },
      },
    ],
  };
  return { a, b, attempts };
}

/** What B tries on A's flow services (`s/*`). */
function serviceAttempts(
  a: { moduleId: string; serviceId: string; servicePath: string },
  b: { serviceId: string; moduleId: string },
) {
  const id = { body: { id: a.serviceId } };
  return {
    [`POST ${API}/s/id/:id`]: [{ url: `${API}/s/id/${a.serviceId}`, body: {} }],
    [`GET ${API}/s/:id/tree`]: [{ url: `${API}/s/${a.moduleId}/tree` }],
    [`POST ${API}/s/saveOrUpdate`]: [
      { body: { id: a.serviceId, parentId: '0', name: 'x', kind: 'service', path: 'mallory' } },
    ],
    [`POST ${API}/s/rename`]: [{ body: { id: a.serviceId, name: 'x' } }],
    [`POST ${API}/s/enable`]: [id],
    [`POST ${API}/s/disable`]: [id],
    [`POST ${API}/s/run`]: [id],
    [`POST ${API}/s/move`]: [
      { body: { id: a.serviceId, parentId: '0' } },
      { body: { id: b.serviceId, parentId: a.moduleId } },
    ],
    [`POST ${API}/s/copy`]: [id, { body: { id: b.serviceId, parentId: a.moduleId } }],
    [`POST ${API}/s/exportModule`]: [{ body: { id: a.moduleId } }],
    'GET /api/blockly/fnFindByID/:id': [{ url: `/api/blockly/fnFindByID/${a.serviceId}` }],
    'POST /api/blockly/saveOrUpdate': [{ body: { id: a.serviceId, data: null, code: 'return 2' } }],
    // A run of A's (the schedule test makes real ones; here any id of A's).
    [`GET ${API}/scheduled/run/:id`]: [{ url: `${API}/scheduled/run/${a.serviceId}` }],
    [`POST ${API}/s/delete`]: [
      { body: { ids: [a.serviceId] } },
      { body: { ids: [b.serviceId, a.serviceId] } },
    ],
  };
}

/** What B tries on A's process models (the generic CRUD under /api/yuan-flow/model, and deploying). */
function modelAttempts(a: string, b: string) {
  const FLOW = '/api/yuan-flow/model';
  return {
    [`GET ${FLOW}/detail`]: [{ query: { id: a } }],
    [`POST ${FLOW}/submit`]: [{ body: { id: a, modelKey: 'mallory', name: 'x', xml: EMPTY_MODEL } }],
    [`POST ${FLOW}/remove`]: [{ body: { ids: [a] } }, { body: { ids: [b, a] } }],
    [`POST ${FLOW}/deploy`]: [{ body: { id: a } }],
  };
}
