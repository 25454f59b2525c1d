import { setTimeout as sleep } from 'node:timers/promises';
import { Engine } from 'bpmn-engine';
import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { nextId } from '../../src/lib/id.ts';
import { flowModule } from '../../src/modules/flow/index.ts';
import { twoTenantApp } from '../fixtures.ts';
import { uploadForm } from '../upload.ts';
import { around, attacks, ex, marks, model, stored, timer, userTask } from './bpmn-attacks.ts';

/**
 * `${…}` in a process model. bpmn-engine's own evaluator runs in the server process and calls whatever a path
 * reaches (`${environment.services.x()}`, a Function built from a string and called by a template's replacement), so
 * a model may carry only variable names, only where they are needed; and the engine resolves nothing else even
 * for a model that was stored without that check.
 */
const { t, tokens } = twoTenantApp(() => ({}), [flowModule]);
const API = '/api/yuan-flow';
const post = (url: string, body: unknown) => t.call('POST', `${API}${url}`, tokens.a, body);
const get = (url: string) => t.call('GET', `${API}${url}`, tokens.a);

/** What an attack leaves behind if it runs: a mark in this process's global object (a tagged call pushes ['mark']). */
const probe = globalThis as typeof globalThis & { expressionProbe?: unknown[] };
beforeEach(() => {
  probe.expressionProbe = [];
});

describe('a model with an expression it may not carry is refused, naming the element and the attribute', () => {
  it.each(attacks.map((a, i) => ({ ...a, key: `attack${i}` })))('$what', async ({ xml, key, msg }) => {
    const saved = await post('/model/submit', { modelKey: key, name: key, xml: xml(key) });
    expect(saved.statusCode).toBe(400);
    expect(saved.json().msg).toBe(msg);
    const uploaded = await uploadForm(t, `${API}/manager/deploy-upload`, tokens.a, { category: 'c' }, [
      { field: 'files', filename: `${key}.bpmn`, data: xml(key) },
    ]);
    expect(uploaded.statusCode).toBe(400);
    expect(uploaded.json().msg).toBe(msg);
    expect(uploaded.json().data[0]).toMatchObject({ rule: expect.stringMatching(/^yuan\/expression-/) });
    // Nothing was kept: no model, no definition.
    expect((await get(`/model/list?modelKey=${key}`)).json().data.records).toEqual([]);
    expect((await get(`/manager/list?key=${key}`)).json().data.records).toEqual([]);
    expect(probe.expressionProbe).toEqual([]);
  });

  it('a draft stored before the check is refused when it is deployed', async () => {
    const id = nextId();
    const xml = attacks[3]?.xml('oldDraft') ?? '';
    await sql`INSERT INTO yuan_flow_model (tenant_id, id, model_key, name, xml)
      VALUES ('000000', ${id}, 'oldDraft', 'oldDraft', ${xml})`.execute(t.database.root);
    const deployed = await post('/model/deploy', { id });
    expect(deployed.statusCode).toBe(400);
    expect(deployed.json().msg).toBe(attacks[3]?.msg);
    expect((await get('/manager/list?key=oldDraft')).json().data.records).toEqual([]);
  });

  it('answers the refusal in English for an English caller', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/model/submit`,
      headers: { 'blade-auth': `bearer ${tokens.a}`, 'accept-language': 'en-US' },
      payload: { modelKey: 'english', name: 'english', xml: attacks[0]?.xml('english') },
    });
    expect(res.json().msg).toBe(
      `The expression ${ex('environment.services.something()')} in the timeDuration of process element wait may only name a process variable, such as starter or variables.delay`,
    );
  });
});

/** A definition written straight into the table, as one deployed before models were checked for expressions. */
async function storeDefinition(key: string, xml: string): Promise<void> {
  const { rows } = await sql<{ id: string }>`SELECT id::text AS id FROM yuan_user
    WHERE tenant_id = '000000' AND account = 'admin' AND is_deleted = 0`.execute(t.database.root);
  await sql`INSERT INTO yuan_flow_definition (tenant_id, id, deployment_id, key, name, version, resource_name, xml,
      deploy_user)
    VALUES ('000000', ${nextId()}, ${nextId()}, ${key}, ${key}, 1, ${`${key}.bpmn`}, ${xml}, ${rows[0]?.id ?? null})`.execute(
    t.database.root,
  );
}

/** Runs a model on bpmn-engine with its own evaluator until it settles: what the attack does when it is let run. */
async function runUnguarded(xml: string): Promise<void> {
  const engine = new Engine({ name: 'unguarded', source: xml, settings: { enableDummyService: false } });
  engine.on('error', () => undefined);
  try {
    await engine.execute({ variables: {} });
  } catch {
    // The attack's own failure (a timer that is no duration) does not matter: the mark is what is looked at.
  }
  await sleep(50);
  await Promise.race([engine.stop().catch(() => undefined), sleep(200)]);
}

describe('a model stored without the check cannot run an expression', { timeout: 60_000 }, () => {
  it.each(stored)('$what', async ({ key, xml, mark }) => {
    // The attack is live: bpmn-engine's own evaluator runs it in this process.
    await runUnguarded(xml);
    expect(probe.expressionProbe?.flat()).toContain(mark);
    probe.expressionProbe = [];

    await storeDefinition(key, xml);
    const started = await post('/process/start-process-instance', { processDefinitionKey: key });
    expect(started.statusCode).toBe(400);
    expect(started.json().msg).toMatch(
      /^流程执行失败：only a variable name may stand in an expression, not \$\{/,
    );
    await sleep(200);
    expect(probe.expressionProbe).toEqual([]);
    // The failed step kept nothing: no instance.
    expect((await get(`/follow/list?processDefinitionKey=${key}`)).json().data.records).toEqual([]);
  });

  it('a refused expression met after a task fails that step and leaves the task open', async () => {
    const key = 'storedLater';
    await storeDefinition(
      key,
      model(
        key,
        `<startEvent id="s" name="S" /><sequenceFlow id="f1" sourceRef="s" targetRef="ok" />
         ${userTask('ok', `yuan:assignee="${ex('starter')}"`)}
         <sequenceFlow id="f2" sourceRef="ok" targetRef="wait" />
         ${timer('wait', `P${ex(`environment.constructor.${marks('later')}`)}D`)}
         <sequenceFlow id="f3" sourceRef="wait" targetRef="bad" />
         ${userTask('bad', `yuan:assignee="x${ex(`constructor.${marks('assignee')}`)}"`)}
         <sequenceFlow id="f4" sourceRef="bad" targetRef="e" /><endEvent id="e" name="E" />`,
      ),
    );
    const started = await post('/process/start-process-instance', { processDefinitionKey: key });
    expect(started.json().data).toMatchObject({ state: 'waiting', currentActivities: [{ id: 'ok' }] });
    const todo = (await get('/work/todo-list?size=200')).json().data.records as Record<string, unknown>[];
    const task = todo.find((r) => r.processInstanceId === started.json().data.processInstanceId);
    expect(task).toMatchObject({ assignee: 'admin' });
    const completed = await post('/work/complete-task', { taskId: task?.id });
    expect(completed.statusCode).toBe(400);
    expect(completed.json().msg).toMatch(/only a variable name may stand in an expression/);
    expect(probe.expressionProbe).toEqual([]);
    const still = (await get('/work/todo-list?size=200')).json().data.records as Record<string, unknown>[];
    expect(still.find((r) => r.id === task?.id)).toBeDefined();
  });

  it('an assignee outside the grammar is refused, not left for someone to claim', async () => {
    const key = 'storedAssignee';
    await storeDefinition(
      key,
      model(
        key,
        around(
          userTask(
            'u',
            `yuan:assignee="${ex('environment.services.x()')}" yuan:candidateGroups="administrator"`,
          ),
          'u',
        ),
      ),
    );
    const started = await post('/process/start-process-instance', { processDefinitionKey: key });
    expect(started.statusCode).toBe(400);
    expect(started.json().msg).toMatch(/only a variable name may stand in an expression/);
  });
});

describe('honest models keep saving and running', { timeout: 60_000 }, () => {
  const honest = (key: string) =>
    model(
      key,
      `<documentation>Reviewed by ${ex('initiator')}; prose is not evaluated.</documentation>
       <startEvent id="s" name="Start" />
       <sequenceFlow id="a" sourceRef="s" targetRef="review" />
       ${userTask('review', `yuan:assignee="${ex('initiator')}" yuan:candidateUsers="${ex('variables.second')}, clerk" yuan:candidateGroups="${ex('group')},${ex('variables.order.dept')}"`)}
       <sequenceFlow id="b" sourceRef="review" targetRef="gw" />
       <exclusiveGateway id="gw" name="Big?" default="small" />
       <sequenceFlow id="big" name="big" sourceRef="gw" targetRef="wait"><conditionExpression xsi:type="tFormalExpression">${ex('order.amount > 100 && typeof environment === "undefined"')}</conditionExpression></sequenceFlow>
       <sequenceFlow id="small" name="small" sourceRef="gw" targetRef="e" />
       <intermediateCatchEvent id="wait" name="Wait"><timerEventDefinition><timeDuration xsi:type="tFormalExpression">${ex('variables.delay')}</timeDuration></timerEventDefinition></intermediateCatchEvent>
       <sequenceFlow id="c" sourceRef="wait" targetRef="check" />
       ${userTask('check', `yuan:assignee="${ex('starter')}"`)}
       <sequenceFlow id="d" sourceRef="check" targetRef="e" />
       <endEvent id="e" name="End" />`,
    );

  it('saves with no findings, deploys, resolves its assignees and candidates, and its timer fires', async () => {
    const saved = await post('/model/submit', { modelKey: 'honest', name: 'honest', xml: honest('honest') });
    expect(saved.json()).toMatchObject({ success: true, data: { lint: { errors: [] } } });
    expect((await post('/model/deploy', { id: saved.json().data.id })).json().success).toBe(true);

    const started = await post('/process/start-process-instance', {
      processDefinitionKey: 'honest',
      variables: {
        initiator: 'admin',
        second: 'bob',
        group: 'administrator',
        delay: 'PT1S',
        order: { amount: 250, dept: 'd1' },
      },
    });
    const id = started.json().data.processInstanceId;
    const open = async () =>
      ((await get('/work/todo-list?size=200')).json().data.records as Record<string, unknown>[]).filter(
        (r) => r.processInstanceId === id,
      );
    const [review] = await open();
    expect(review).toMatchObject({
      name: 'Task',
      assignee: 'admin',
      candidateUsers: 'bob, clerk',
      candidateGroups: 'administrator,d1',
    });
    const done = await post('/work/complete-task', { taskId: review?.id });
    expect(done.json().data).toMatchObject({ state: 'waiting', currentActivities: [{ id: 'wait' }] });
    let tasks: Record<string, unknown>[] = [];
    for (let i = 0; i < 100 && tasks.length === 0; i++) {
      await sleep(100);
      tasks = await open();
    }
    expect(tasks).toMatchObject([{ assignee: 'admin' }]);
  });

  it('uploads as a file too', async () => {
    const uploaded = await uploadForm(t, `${API}/manager/deploy-upload`, tokens.a, { category: 'c' }, [
      { field: 'files', filename: 'honest2.bpmn', data: honest('honest2') },
    ]);
    expect(uploaded.json()).toMatchObject({ success: true, data: { definitions: [{ key: 'honest2' }] } });
  });
});
