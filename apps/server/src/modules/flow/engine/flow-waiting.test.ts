import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { FLOW_MODULES, flowApi } from '../../../../test/flow-api.ts';
import { buildApp } from '../../../app.ts';

// Processes that wait: across a restart of the server, on timers, on parallel branches, and for messages.
const { t, tokens, API, get, post, data, deployAndStart, deployReview } = flowApi();

describe('process instances outlive the server', { timeout: 60_000 }, () => {
  it('an instance started before a restart completes after it', async () => {
    await deployReview();
    // Two servers in turn on the same database, the first closed before the second starts.
    const boot = async () => {
      const app = await buildApp({
        config: t.config,
        database: t.database,
        logger: false,
        modules: FLOW_MODULES,
      });
      await app.ready();
      return app;
    };
    const first = await boot();
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

    const second = await boot();
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
    // Uploaded as .bpmn20.xml, the other name a BPMN file goes by.
    const started = await deployAndStart(
      'timed',
      '定时',
      `<startEvent id="s" name="Start" />
       <sequenceFlow id="a" sourceRef="s" targetRef="wait" />
       <intermediateCatchEvent id="wait" name="Wait"><timerEventDefinition><timeDuration>PT1S</timeDuration></timerEventDefinition></intermediateCatchEvent>
       <sequenceFlow id="b" sourceRef="wait" targetRef="check" />
       <userTask id="check" name="Check" yuan:assignee="\${starter}" />
       <sequenceFlow id="c" sourceRef="check" targetRef="e" />
       <endEvent id="e" name="End" />`,
      'timed.bpmn20.xml',
    );
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
    const started = await deployAndStart(
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
    );
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
    const started = await deployAndStart(
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
    );
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
    const started = await deployAndStart(
      'payment',
      '等待付款',
      `<startEvent id="s" name="Start" />
       <sequenceFlow id="a" sourceRef="s" targetRef="paid" />
       <receiveTask id="paid" name="Paid" />
       <sequenceFlow id="b" sourceRef="paid" targetRef="e" />
       <endEvent id="e" name="End" />`,
    );
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
