import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bpmnXml } from '../../../test/bpmn.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { uploadForm } from '../../../test/upload.ts';
import { signatureOf } from './dispatcher.ts';
import { triggerModule } from './index.ts';

/** A loopback receiver: what it got, and how it answers (a status per call, 200 once the list is used up). */
interface Received {
  headers: IncomingMessage['headers'];
  body: string;
}
const received: Received[] = [];
let answers: number[] = [];
let receiver: Server;
let hook = '';

let t: TestApp;
let token: string;
let entId = '';
const SECRET = 'a-signing-secret-for-tests';
const API = '/api/yuan-api';

async function ok(url: string, body: object) {
  const res = await t.call('POST', `${API}${url}`, token, body);
  expect(res.json().success, res.body).toBe(true);
  return res.json().data;
}

/** Waits until `check` holds: the dispatcher runs every 100 ms in these tests. */
async function until<T>(
  what: string,
  read: () => Promise<T>,
  check: (v: T) => boolean,
  ms = 20_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (check(value)) {
      return value;
    }
    if (Date.now() > deadline) {
      throw new Error(`${what}: still ${JSON.stringify(value).slice(0, 500)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const deliveries = async (triggerId: string) =>
  (await t.call('GET', `${API}/trigger/deliveries?triggerId=${triggerId}&size=50`, token)).json().data
    .records as {
    status: string;
    attempts: number;
    responseCode: number | null;
    revisionId: string;
  }[];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(answers.shift() ?? 200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  t = await createTestApp(
    { TRIGGER_POLL_MS: '100', TRIGGER_RETRY_SECONDS: '0.2', EGRESS_ALLOW: '127.0.0.1' },
    [triggerModule],
  );
  token = (await t.login()).access_token;
  const entity = await ok('/dtentity/saveOrUpdate', {
    entNo: 'trg_order',
    entName: 'Orders',
    elements: [
      { eleNo: 'title', eleName: 'Title', dataTyp: 'string' },
      { eleNo: 'amount', eleName: 'Amount', dataTyp: 'int' },
    ],
  });
  entId = entity.id;
  await ok('/dtentity/syncEntityDataBaseTable', { id: entId, apply: true });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

const webhook = (extra: object = {}) =>
  ok('/trigger/saveOrUpdate', {
    name: 'Order hook',
    entId,
    events: ['create'],
    action: { kind: 'webhook', url: hook, secret: SECRET },
    enabled: true,
    ...extra,
  });
const addOrder = (title: string, amount: number) =>
  ok('/dtentity/saveOrUpdateData', { entId, data: { title, amount } });

describe('webhook triggers', () => {
  it('deliver one signed call per created row, after the commit', async () => {
    const trigger = await webhook();
    expect(trigger).toMatchObject({ resource: `ent_${entId}`, entId, events: ['create'], enabled: true });
    expect(JSON.stringify(trigger)).not.toContain(SECRET);
    const before = received.length;
    const a = await addOrder('A', 10);
    const b = await addOrder('B', 20);
    const calls = await until(
      'two calls',
      async () => received.slice(before),
      (r) => r.length >= 2,
    );
    const bodies = calls.map((c) => JSON.parse(c.body));
    expect(bodies.map((x) => x.rowId).sort()).toEqual([a.id, b.id].sort());
    for (const [i, call] of calls.entries()) {
      expect(call.headers['x-yuan-signature']).toBe(signatureOf(SECRET, call.body));
      expect(call.headers['x-yuan-delivery']).toBe(bodies[i].revisionId);
      expect(call.headers['content-type']).toBe('application/json');
    }
    const first = bodies.find((x) => x.rowId === a.id);
    expect(first).toMatchObject({ event: 'create', resource: `ent_${entId}`, before: null });
    expect(first.after).toMatchObject({ title: 'A', amount: 10 });
    const log = await until(
      'delivered',
      () => deliveries(trigger.id),
      (d) => d.length === 2 && d.every((x) => x.status === 'delivered'),
    );
    expect(log.map((d) => d.responseCode)).toEqual([200, 200]);
    await ok('/trigger/remove', { ids: [trigger.id] });
  });

  it('retries a receiver that is down, and delivers when it is back', async () => {
    const trigger = await webhook({ name: 'Flaky hook' });
    answers = [503, 503, 503];
    const before = received.length;
    const row = await addOrder('C', 30);
    const [delivery] = await until(
      'delivered after retries',
      () => deliveries(trigger.id),
      (d) => d[0]?.status === 'delivered',
    );
    expect(delivery).toMatchObject({ attempts: 4, responseCode: 200 });
    const calls = received.slice(before).map((c) => JSON.parse(c.body));
    expect(calls.map((c) => c.rowId)).toEqual([row.id, row.id, row.id, row.id]);
    // The same body every time: the receiver can tell a repeat by X-Yuan-Delivery.
    expect(new Set(received.slice(before).map((c) => c.body)).size).toBe(1);
    await ok('/trigger/remove', { ids: [trigger.id] });
  });

  it('refuses an internal receiver the allow-list does not name, a missing secret and an unknown field', async () => {
    const base = { name: 'Bad', entId, events: ['create'] };
    const internal = await t.call('POST', `${API}/trigger/saveOrUpdate`, token, {
      ...base,
      action: { kind: 'webhook', url: 'http://10.1.2.3/hook', secret: SECRET },
    });
    expect(internal.statusCode).toBe(400);
    const noSecret = await t.call('POST', `${API}/trigger/saveOrUpdate`, token, {
      ...base,
      action: { kind: 'webhook', url: hook },
    });
    expect(noSecret.json()).toMatchObject({ success: false, msg: '签名密钥必须填写' });
    const field = await t.call('POST', `${API}/trigger/saveOrUpdate`, token, {
      ...base,
      events: ['update'],
      fields: ['nosuch'],
      action: { kind: 'webhook', url: hook, secret: SECRET },
    });
    expect(field.json().msg).toBe('不支持的字段: nosuch');
    expect((await t.call('GET', `${API}/trigger/list`, token)).json().data).toEqual([]);
  });
});

describe('process triggers', () => {
  it('start a process only when the condition holds, with the row as variables', async () => {
    const xml = bpmnXml(
      'trg_proc',
      'Big orders',
      `<startEvent id="start" name="Start" /><sequenceFlow id="f1" sourceRef="start" targetRef="check" />
       <userTask id="check" name="Check" yuan:candidateGroups="administrator" />
       <sequenceFlow id="f2" sourceRef="check" targetRef="done" /><endEvent id="done" name="Done" />`,
    );
    const up = await uploadForm(t, '/api/yuan-flow/manager/deploy-upload', token, { category: 'x' }, [
      { field: 'files', filename: 'trg.bpmn', data: xml },
    ]);
    expect(up.json().success, up.body).toBe(true);
    const trigger = await ok('/trigger/saveOrUpdate', {
      name: 'Big order',
      entId,
      events: ['create'],
      condition: 'after.amount > 100',
      action: { kind: 'process', processKey: 'trg_proc' },
      enabled: true,
    });
    await addOrder('Small', 50);
    await addOrder('Big', 150);
    const root = t.database.root;
    await until(
      'the outbox read',
      () => root.selectFrom('yuan_trigger_event').select('revision_id').execute(),
      (rows) => rows.length === 0,
    );
    const started = await until(
      'one instance',
      () => root.selectFrom('yuan_flow_instance').select(['id', 'engine_state']).execute(),
      (rows) => rows.length >= 1,
    );
    await until(
      'delivered',
      () => deliveries(trigger.id),
      (d) => d[0]?.status === 'delivered',
    );
    expect(await deliveries(trigger.id)).toHaveLength(1);
    expect(started).toHaveLength(1);
    expect(JSON.stringify(started[0]?.engine_state)).toMatch(/"amount":150/);
    expect(JSON.stringify(started[0]?.engine_state)).toMatch(/"title":"Big"/);
  });
});

describe('service triggers', () => {
  it("run a flow service with the row as its params, as the trigger's author", async () => {
    const service = await ok('/s/saveOrUpdate', {
      parentId: '0',
      name: 'On order',
      kind: 'service',
      path: 'trg/on-order',
      enabled: true,
      code: "if (params.amount !== 70 || params.trigger.event !== 'create') { throw new Error('not the row'); } return user;",
    });
    const trigger = await ok('/trigger/saveOrUpdate', {
      name: 'Run on order',
      entId,
      events: ['create'],
      action: { kind: 'service', serviceId: service.id },
      enabled: true,
    });
    await addOrder('Service', 70);
    const [delivery] = await until(
      'delivered',
      () => deliveries(trigger.id),
      (d) => d[0]?.status !== undefined && d[0].status !== 'pending',
    );
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 1 });
    await ok('/trigger/remove', { ids: [trigger.id] });
  });
});
