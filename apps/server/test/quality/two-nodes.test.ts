import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userModule } from '../../src/modules/user/index.ts';
import { testNodes } from '../cluster-app.ts';
import { createTestApp, type TestApp } from '../harness.ts';

let t: TestApp;
/** Calls the first node's socket took (none when calls are injected in-process). */
let firstServed = 0;

beforeAll(async () => {
  t = await createTestApp({}, [userModule]);
  t.app.server.on('request', () => {
    firstServed++;
  });
});
afterAll(() => t.close());

// Runs in both server projects: one app without a socket, and (TEST_NODES=2) two nodes behind the proxy, which the
// isolation and auth suites then run against too.
describe(`the test app as ${testNodes()} node(s)`, () => {
  it('sends the calls of a suite to every node in turn, or keeps them in-process', async () => {
    const before = firstServed;
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(200);
    }
    // Six answers, half of them from the first node's socket: the other half came from the second node.
    expect(firstServed - before).toBe(testNodes() === 2 ? 3 : 0);
  });

  it('accepts a token signed in on one node on the other', async () => {
    const token = (await t.login()).access_token;
    const before = firstServed;
    for (let i = 0; i < 4; i++) {
      const res = await t.call('GET', '/api/yuan-user/info', token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.account).toBe('admin');
    }
    expect(firstServed - before).toBe(testNodes() === 2 ? 2 : 0);
  });
});
