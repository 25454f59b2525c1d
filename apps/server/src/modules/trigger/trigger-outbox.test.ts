import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, secondNode, type TestApp } from '../../../test/harness.ts';
import { nextId } from '../../lib/id.ts';
import { SecretBox } from '../../lib/secret-box.ts';
import { lowcodeModule } from '../lowcode/index.ts';
import { signatureOf } from './dispatcher.ts';
import { triggerModule } from './index.ts';

const SECRET = 'outbox-secret-0123456789';
const bodies: { signature: string; body: string }[] = [];
let receiver: Server;
let hook = '';
let t: TestApp;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => {
      bodies.push({ signature: String(req.headers['x-yuan-signature']), body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  // The process that takes the writes runs no dispatcher: it stands for one killed after its commits.
  t = await createTestApp({}, [lowcodeModule]);
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

describe('the outbox', () => {
  it('keeps what a change committed for a process that starts later, which delivers it', async () => {
    const token = (await t.login()).access_token;
    const api = async (url: string, body: object) => {
      const res = await t.call('POST', `/api/yuan-api${url}`, token, body);
      expect(res.json().success, res.body).toBe(true);
      return res.json().data;
    };
    const entity = await api('/dtentity/saveOrUpdate', {
      entNo: 'outbox_item',
      entName: 'Items',
      elements: [{ eleNo: 'title', eleName: 'Title', dataTyp: 'string' }],
    });
    await api('/dtentity/syncEntityDataBaseTable', { id: entity.id, apply: true });
    const root = t.database.root;
    await root
      .insertInto('yuan_trigger')
      .values({
        id: nextId(),
        tenant_id: '000000',
        name: 'Outbox hook',
        resource: `ent_${entity.id}`,
        events: ['create'],
        action: JSON.stringify({ kind: 'webhook', url: hook }),
        secret: new SecretBox(t.config.dataKey).seal(SECRET),
      })
      .execute();
    const row = await api('/dtentity/saveOrUpdateData', { entId: entity.id, data: { title: 'kept' } });
    const waiting = await root.selectFrom('yuan_trigger_event').select('revision_id').execute();
    expect(waiting).toHaveLength(1);
    expect(await root.selectFrom('yuan_trigger_delivery').select('id').execute()).toEqual([]);

    const later = await secondNode(t, [triggerModule], { TRIGGER_POLL_MS: '100', EGRESS_ALLOW: '127.0.0.1' });
    try {
      const deadline = Date.now() + 20_000;
      while (bodies.length === 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(bodies).toHaveLength(1);
      const delivered = JSON.parse(bodies[0]?.body ?? '{}');
      expect(delivered).toMatchObject({ event: 'create', rowId: row.id, after: { title: 'kept' } });
      expect(delivered.revisionId).toBe(String(waiting[0]?.revision_id));
      expect(bodies[0]?.signature).toBe(signatureOf(SECRET, bodies[0]?.body ?? ''));
      expect(await root.selectFrom('yuan_trigger_event').select('revision_id').execute()).toEqual([]);
    } finally {
      await later.close();
    }
  });
});
