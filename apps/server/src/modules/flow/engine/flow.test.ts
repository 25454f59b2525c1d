import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../../app.ts';
import { bpmnXml } from '../../../../test/bpmn.ts';
import { refsOf, twoTenantApp } from '../../../../test/fixtures.ts';
import { scopedUser } from '../../../../test/scoped-user.ts';
import { uploadForm } from '../../../../test/upload.ts';
import { flowModule } from '../index.ts';
import { userModule } from '../../user/index.ts';

const { t, tokens } = twoTenantApp(() => ({}), [flowModule, userModule]);
const API = '/api/yuan-flow';
const get = (url: string, token = tokens.a) => t.call('GET', `${API}${url}`, token);
const post = (url: string, body: unknown, token = tokens.a) => t.call('POST', `${API}${url}`, token, body);
const data = async (reply: Promise<{ json(): { success: boolean; data: unknown; msg: string } }>) => {
  const body = (await reply).json();
  expect(body, body.msg).toMatchObject({ success: true });
  return body.data as Record<string, unknown> & { records?: Record<string, unknown>[] };
};

// Review by an administrator; approved → a flow service notes it, else straight to the end.
const review = bpmnXml(
  'expense',
  '报销',
  `<startEvent id="start" name="Start" />
   <sequenceFlow id="f1" sourceRef="start" targetRef="review" />
   <userTask id="review" name="Review" yuan:candidateGroups="administrator" />
   <sequenceFlow id="f2" sourceRef="review" targetRef="gw" />
   <exclusiveGateway id="gw" name="Approved?" default="fNo" />
   <sequenceFlow id="fYes" name="yes" sourceRef="gw" targetRef="notify"><conditionExpression xsi:type="tFormalExpression">\${approved &amp;&amp; amount &gt; 100}</conditionExpression></sequenceFlow>
   <sequenceFlow id="fNo" sourceRef="gw" targetRef="rejected" />
   <serviceTask id="notify" name="Notify" yuan:service="flowtest/notify" />
   <sequenceFlow id="f3" sourceRef="notify" targetRef="done" />
   <endEvent id="done" name="Done" />
   <endEvent id="rejected" name="Rejected" />`,
);

const upload = (xml: string, name = 'expense.bpmn', token = tokens.a) =>
  uploadForm(t, `${API}/manager/deploy-upload`, token, { category: 'finance' }, [
    { field: 'files', filename: name, data: xml },
  ]);

async function deployReview(): Promise<string> {
  await t.call('POST', '/api/yuan-api/s/saveOrUpdate', tokens.a, {
    parentId: '0',
    name: 'notify',
    kind: 'service',
    path: 'flowtest/notify',
    code: 'log("notified", params.amount); return { notified: params.amount * 2 };',
  });
  const deployed = await data(upload(review));
  return String((deployed.definitions as { id: string }[])[0]?.id);
}

describe('a process with a user task, an exclusive gateway and a service task', { timeout: 60_000 }, () => {
  it('is uploaded, started, shown at its task, completed by the candidate role and ends', async () => {
    const defId = await deployReview();
    const defs = await data(get('/manager/list?key=expense'));
    expect(defs.records?.[0]).toMatchObject({ key: 'expense', name: '报销', version: 1, suspended: false });

    const started = await data(
      post('/process/start-process-instance', {
        processDefinitionKey: 'expense',
        businessKey: 'EXP-1',
        variables: { amount: 250 },
      }),
    );
    const instanceId = String(started.processInstanceId);
    const follow = await data(get('/follow/list?processDefinitionKey=expense'));
    expect(follow.records?.find((r) => r.id === instanceId)).toMatchObject({
      businessKey: 'EXP-1',
      currentActivities: [{ id: 'review', name: 'Review' }],
    });
    expect(await data(get(`/process/model-view?processInstanceId=${instanceId}`))).toMatchObject({
      current: ['review'],
      completed: ['start'],
      flows: ['f1'],
    });

    // A user outside the candidate role neither sees nor completes the task.
    const refs = await refsOf(t, '000000');
    const clerk = await scopedUser(t, tokens.a, {
      menu: 'flowWork',
      buttons: [],
      deptId: refs.deptId ?? '',
      postId: refs.postId ?? '',
    });
    expect((await data(get('/work/todo-list', clerk))).records).toEqual([]);
    const todo = await data(get('/work/todo-list'));
    const task = todo.records?.find((r) => r.processInstanceId === instanceId);
    expect(task).toMatchObject({ name: 'Review', businessKey: 'EXP-1', candidateGroups: 'administrator' });
    expect((await post('/work/complete-task', { taskId: task?.id }, clerk)).statusCode).toBe(403);
    // Another tenant's administrator is in a role of that name too, but the task is not theirs.
    expect((await post('/work/complete-task', { taskId: task?.id }, tokens.b)).statusCode).toBe(404);

    await data(post('/work/claim-task', { taskId: task?.id }));
    const done = await data(
      post('/work/complete-task', { taskId: task?.id, comment: '同意', variables: { approved: true } }),
    );
    expect(done).toMatchObject({ state: 'completed' });
    const view = await data(get(`/process/model-view?processInstanceId=${instanceId}`));
    expect(view.flows).toEqual(expect.arrayContaining(['f2', 'fYes', 'f3']));
    expect(view.flows).not.toContain('fNo');
    expect(view.completed).toEqual(expect.arrayContaining(['review', 'gw', 'notify', 'done']));
    const follow2 = await data(get('/follow/list?processDefinitionKey=expense'));
    expect(follow2.records?.some((r) => r.id === instanceId)).toBe(false);
    const doneList = await data(get('/work/done-list'));
    expect(doneList.records?.[0]).toMatchObject({ id: task?.id, comment: '同意' });
    expect(defId).toMatch(/^\d+$/);
  });

  it('takes the default flow when the condition fails; a failing service undoes the whole step', async () => {
    const started = await data(
      post('/process/start-process-instance', { processDefinitionKey: 'expense', variables: { amount: 50 } }),
    );
    const todo = await data(get('/work/todo-list'));
    const task = todo.records?.find((r) => r.processInstanceId === started.processInstanceId);
    expect(
      await data(post('/work/complete-task', { taskId: task?.id, variables: { approved: true } })),
    ).toMatchObject({ state: 'completed' });
    const view = await data(get(`/process/model-view?processInstanceId=${started.processInstanceId}`));
    expect(view.flows).toContain('fNo');

    // The service now fails: completing answers its error, and the task stays open.
    const list = (await t.call('POST', '/api/yuan-api/s/list', tokens.a, {})).json().data as {
      path: string;
      id: string;
    }[];
    const notify = list.find((n) => n.path === 'flowtest/notify');
    const svc = (await t.call('POST', `/api/yuan-api/s/id/${notify?.id}`, tokens.a, {})).json().data;
    await t.call('POST', '/api/yuan-api/s/saveOrUpdate', tokens.a, {
      ...svc,
      code: 'throw new Error("mail down")',
    });
    const second = await data(
      post('/process/start-process-instance', {
        processDefinitionKey: 'expense',
        variables: { amount: 500 },
      }),
    );
    const task2 = (await data(get('/work/todo-list'))).records?.find(
      (r) => r.processInstanceId === second.processInstanceId,
    );
    const failed = await post('/work/complete-task', { taskId: task2?.id, variables: { approved: true } });
    expect(failed.statusCode).toBe(400);
    expect(failed.json().msg).toContain('mail down');
    const still = (await data(get('/work/todo-list'))).records?.find((r) => r.id === task2?.id);
    expect(still).toBeDefined();
    await t.call('POST', '/api/yuan-api/s/saveOrUpdate', tokens.a, svc);
  });

  it('refuses to start a suspended definition, and deletes a deployment with running instances only on cascade', async () => {
    const defs = await data(get('/manager/list?key=expense'));
    const def = defs.records?.[0] as { id: string; deploymentId: string };
    await data(post('/manager/change-state', { processId: def.id, state: 'suspended' }));
    const refused = await post('/process/start-process-instance', { processDefinitionKey: 'expense' });
    expect(refused.json().msg).toBe('流程定义已挂起，不能发起');
    await data(post('/manager/change-state', { processId: def.id, state: 'active' }));
    await data(post('/process/start-process-instance', { processDefinitionKey: 'expense' }));

    const running = await post('/manager/delete-deployment', { deploymentIds: [def.deploymentId] });
    expect(running.json().msg).toMatch(/^该部署还有\d+个运行中的流程实例$/);
    expect(
      (await post('/manager/delete-deployment', { deploymentIds: [def.deploymentId] }, tokens.b)).statusCode,
    ).toBe(404);
    await data(post('/manager/delete-deployment', { deploymentIds: [def.deploymentId], cascade: true }));
    expect((await data(get('/manager/list?key=expense'))).records).toEqual([]);
    expect(
      (await data(get('/work/todo-list'))).records?.some((r) => r.processDefinitionName === '报销'),
    ).toBe(false);
  });
});

describe('process instances outlive the server', { timeout: 60_000 }, () => {
  it('an instance started before a restart completes after it', async () => {
    await deployReview();
    const first = await buildApp({
      config: t.config,
      database: t.database,
      logger: false,
      modules: [flowModule, userModule],
    });
    await first.ready();
    const inject = (app: typeof first, url: string, body?: unknown) =>
      app.inject({
        method: body === undefined ? 'GET' : 'POST',
        url: `${API}${url}`,
        headers: { 'blade-auth': `bearer ${tokens.a}` },
        ...(body === undefined ? {} : { payload: body as object }),
      });
    const started = (
      await inject(first, '/process/start-process-instance', { processDefinitionKey: 'expense' })
    ).json().data;
    await first.close();

    const second = await buildApp({
      config: t.config,
      database: t.database,
      logger: false,
      modules: [flowModule, userModule],
    });
    await second.ready();
    try {
      const todo = (await inject(second, '/work/todo-list')).json().data;
      const task = todo.records.find(
        (r: { processInstanceId: string }) => r.processInstanceId === started.processInstanceId,
      );
      const done = (
        await inject(second, '/work/complete-task', { taskId: task.id, variables: { approved: false } })
      ).json();
      expect(done.data).toMatchObject({ state: 'completed' });
    } finally {
      await second.close();
    }
  });

  it('a timer fires from the job table and the instance moves on to its task', async () => {
    const timed = bpmnXml(
      'timed',
      '定时',
      `<startEvent id="s" name="Start" />
       <sequenceFlow id="a" sourceRef="s" targetRef="wait" />
       <intermediateCatchEvent id="wait" name="Wait"><timerEventDefinition><timeDuration>PT1S</timeDuration></timerEventDefinition></intermediateCatchEvent>
       <sequenceFlow id="b" sourceRef="wait" targetRef="check" />
       <userTask id="check" name="Check" yuan:assignee="\${starter}" />
       <sequenceFlow id="c" sourceRef="check" targetRef="e" />
       <endEvent id="e" name="End" />`,
    );
    await data(upload(timed, 'timed.bpmn20.xml'));
    const started = await data(post('/process/start-process-instance', { processDefinitionKey: 'timed' }));
    expect(started.currentActivities).toEqual([
      { id: 'wait', name: 'Wait', type: 'bpmn:IntermediateCatchEvent' },
    ]);
    let current: unknown;
    for (let i = 0; i < 100; i++) {
      const follow = await data(get('/follow/list?processDefinitionKey=timed'));
      current = follow.records?.find((r) => r.id === started.processInstanceId)?.currentActivities;
      if (JSON.stringify(current).includes('check')) {
        break;
      }
      await sleep(100);
    }
    expect(current).toEqual([{ id: 'check', name: 'Check', type: 'bpmn:UserTask' }]);
    const todo = await data(get('/work/todo-list'));
    expect(todo.records?.find((r) => r.processInstanceId === started.processInstanceId)).toMatchObject({
      assignee: 'admin',
    });
  });
});

describe('parallel branches and boundary timers', { timeout: 60_000 }, () => {
  const openTasks = async (instanceId: unknown) =>
    ((await data(get('/work/todo-list?size=200'))).records ?? []).filter(
      (r) => r.processInstanceId === instanceId,
    );

  it('keeps both branches of a parallel gateway open until each is completed, then joins', async () => {
    await data(
      upload(
        bpmnXml(
          'parallel',
          '会签',
          `<startEvent id="s" name="Start" />
           <sequenceFlow id="a" sourceRef="s" targetRef="fork" />
           <parallelGateway id="fork" />
           <sequenceFlow id="b1" sourceRef="fork" targetRef="legal" />
           <sequenceFlow id="b2" sourceRef="fork" targetRef="finance" />
           <userTask id="legal" name="Legal" yuan:candidateGroups="administrator" />
           <userTask id="finance" name="Finance" yuan:candidateGroups="administrator" />
           <sequenceFlow id="c1" sourceRef="legal" targetRef="join" />
           <sequenceFlow id="c2" sourceRef="finance" targetRef="join" />
           <parallelGateway id="join" />
           <sequenceFlow id="d" sourceRef="join" targetRef="e" />
           <endEvent id="e" name="End" />`,
        ),
        'parallel.bpmn',
      ),
    );
    const started = await data(post('/process/start-process-instance', { processDefinitionKey: 'parallel' }));
    const tasks = await openTasks(started.processInstanceId);
    expect(tasks.map((x) => x.name).sort()).toEqual(['Finance', 'Legal']);
    const first = await data(post('/work/complete-task', { taskId: tasks[0]?.id }));
    expect(first.state).toBe('waiting');
    expect((await openTasks(started.processInstanceId)).map((x) => x.id)).toEqual([tasks[1]?.id]);
    expect(await data(post('/work/complete-task', { taskId: tasks[1]?.id }))).toMatchObject({
      state: 'completed',
    });
  });

  it('a boundary timer interrupts a task that waited too long and cancels it', async () => {
    await data(
      upload(
        bpmnXml(
          'escalate',
          '超时升级',
          `<startEvent id="s" name="Start" />
           <sequenceFlow id="a" sourceRef="s" targetRef="answer" />
           <userTask id="answer" name="Answer" yuan:candidateGroups="administrator" />
           <boundaryEvent id="late" name="Late" attachedToRef="answer"><timerEventDefinition><timeDuration>PT1S</timeDuration></timerEventDefinition></boundaryEvent>
           <sequenceFlow id="b" sourceRef="answer" targetRef="e1" />
           <sequenceFlow id="c" sourceRef="late" targetRef="boss" />
           <userTask id="boss" name="Boss" yuan:assignee="admin" />
           <sequenceFlow id="d" sourceRef="boss" targetRef="e2" />
           <endEvent id="e1" name="Answered" />
           <endEvent id="e2" name="Escalated" />`,
        ),
        'escalate.bpmn',
      ),
    );
    const started = await data(post('/process/start-process-instance', { processDefinitionKey: 'escalate' }));
    expect((await openTasks(started.processInstanceId)).map((x) => x.name)).toEqual(['Answer']);
    let names: unknown[] = [];
    for (let i = 0; i < 100 && !names.includes('Boss'); i++) {
      await sleep(100);
      names = (await openTasks(started.processInstanceId)).map((x) => x.name);
    }
    expect(names).toEqual(['Boss']);
  });
});

describe('messages', { timeout: 60_000 }, () => {
  it('an instance waiting for a message moves on when it is delivered, and nothing else is delivered', async () => {
    await data(
      upload(
        bpmnXml(
          'payment',
          '等待付款',
          `<startEvent id="s" name="Start" />
           <sequenceFlow id="a" sourceRef="s" targetRef="paid" />
           <receiveTask id="paid" name="Paid" />
           <sequenceFlow id="b" sourceRef="paid" targetRef="e" />
           <endEvent id="e" name="End" />`,
        ),
        'payment.bpmn',
      ),
    );
    const started = await data(post('/process/start-process-instance', { processDefinitionKey: 'payment' }));
    const id = started.processInstanceId;
    const wrong = await post('/process/signal', { processInstanceId: id, activityId: 's' });
    expect(wrong.json().msg).toBe('流程实例不在等待该消息: s');
    expect(
      (await post('/process/signal', { processInstanceId: id, activityId: 'paid' }, tokens.b)).statusCode,
    ).toBe(404);
    expect(
      await data(
        post('/process/signal', { processInstanceId: id, activityId: 'paid', variables: { amount: 3 } }),
      ),
    ).toMatchObject({
      state: 'completed',
    });
  });
});

describe('models', { timeout: 60_000 }, () => {
  it('saves drafts with their findings, refuses XML that is not BPMN, and deploys only a clean model', async () => {
    const bad = await post('/model/submit', { modelKey: 'm1', name: 'M1', xml: '<definitions' });
    expect(bad.json().msg).toMatch(/^流程文件无法解析/);
    const dtd = await post('/model/submit', {
      modelKey: 'm1',
      name: 'M1',
      xml: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><definitions/>',
    });
    expect(dtd.statusCode).toBe(400);
    const draftXml = bpmnXml('m1', 'M1', '<startEvent id="s" /><userTask id="u" name="U" />');
    const draft = await data(
      post('/model/submit', { modelKey: 'm1', name: 'M1', category: 'c', xml: draftXml }),
    );
    const lint = draft.lint as { errors: { id: string; rule: string }[] };
    expect(lint.errors.map((e) => e.rule)).toEqual(
      expect.arrayContaining(['label-required', 'no-disconnected']),
    );
    const refused = await post('/model/deploy', { id: draft.id });
    expect(refused.json().msg).toMatch(/^流程图有\d+处错误/);
    expect(refused.json().data.length).toBe(lint.errors.length);

    const fixed = await data(post('/model/submit', { ...draft, xml: review.replaceAll('expense', 'm1') }));
    expect(fixed.lint).toEqual({ errors: [], warnings: [] });
    const deployed = await data(post('/model/deploy', { id: draft.id }));
    expect(deployed.definitions).toMatchObject([{ key: 'm1', version: 1 }]);
    expect((await data(post('/model/deploy', { id: draft.id }))).definitions).toMatchObject([{ version: 2 }]);
    expect((await post('/model/deploy', { id: draft.id }, tokens.b)).statusCode).toBe(404);
    // Only the platform tenant deploys into other tenants.
    expect((await post('/model/deploy', { id: draft.id, tenantIds: ['000000', '123456'] })).statusCode).toBe(
      404,
    );
  });
});
