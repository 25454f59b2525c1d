import { describe, expect, it } from 'vitest';
import { bpmnXml } from '../../../../test/bpmn.ts';
import { flowApi } from '../../../../test/flow-api.ts';
import { refsOf } from '../../../../test/fixtures.ts';
import { scopedUser } from '../../../../test/scoped-user.ts';

const { t, tokens, get, post, data, review, deployReview } = flowApi();

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
