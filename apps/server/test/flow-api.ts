/**
 * Test-only: what the workflow API tests share. One test app for the calling file with the two tenants of
 * fixtures.ts, the calls of /api/yuan-flow as tenant A's administrator, and a reviewed expense process.
 */
import { expect } from 'vitest';
import { flowModule } from '../src/modules/flow/index.ts';
import { userModule } from '../src/modules/user/index.ts';
import { bpmnXml } from './bpmn.ts';
import { twoTenantApp } from './fixtures.ts';
import { uploadForm } from './upload.ts';

/** The modules a workflow test app runs (the user module answers the role and department look-ups). */
export const FLOW_MODULES = [flowModule, userModule];

export function flowApi() {
  const { t, tokens } = twoTenantApp(() => ({}), FLOW_MODULES);
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
  /** Deploys a process of these elements under `key` and starts an instance of it. */
  const deployAndStart = async (key: string, name: string, elements: string, file = `${key}.bpmn`) => {
    await data(upload(bpmnXml(key, name, elements), file));
    return data(post('/process/start-process-instance', { processDefinitionKey: key }));
  };
  return { t, tokens, API, get, post, data, review, upload, deployReview, deployAndStart };
}
