import { hostname } from 'node:os';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useDatabaseCopy } from '../../test/harness.ts';
import { ClusterError, conflictOf, type NodeFacts, NodeRegistry, nodeFacts } from './node-registry.ts';

const shared: NodeFacts = { host: 'a', pid: 1, port: 8081, embeddedDatabase: false, embeddedChain: false };

const db = useDatabaseCopy();

describe('nodes on one database', () => {
  it('lets nodes with DATABASE_URL and CHAIN_RPC_URL run together, and nothing embedded beside another node', () => {
    expect(conflictOf({ ...shared, embeddedDatabase: true, embeddedChain: true }, [])).toBeUndefined();
    expect(conflictOf(shared, [{ ...shared, host: 'b' }])).toBeUndefined();
    expect(conflictOf(shared, [{ ...shared, embeddedDatabase: true }])).toMatch(
      /a:8081 \(pid 1\) runs this PostgreSQL embedded.*DATABASE_URL/,
    );
    expect(conflictOf({ ...shared, embeddedDatabase: true }, [shared])).toMatch(
      /embedded PostgreSQL.*DATABASE_URL/,
    );
    expect(conflictOf(shared, [{ ...shared, embeddedChain: true }])).toMatch(/embedded chain.*CHAIN_RPC_URL/);
    expect(conflictOf({ ...shared, embeddedChain: true }, [shared])).toMatch(/set CHAIN_RPC_URL/);
  });

  it('says what this process is from its configuration', () => {
    expect(nodeFacts({ port: 1 })).toMatchObject({
      embeddedDatabase: true,
      embeddedChain: true,
      pid: process.pid,
    });
    expect(nodeFacts({ port: 1, databaseUrl: 'postgres://x/y', chainRpcUrl: 'http://c:8545' })).toMatchObject(
      {
        embeddedDatabase: false,
        embeddedChain: false,
      },
    );
  });

  it('refuses a node that would start its own chain beside a live one, not beside a gone one, and forgets one that left', async () => {
    const first = new NodeRegistry(db(), { ...shared, host: 'elsewhere', pid: 10 });
    await first.join();
    const chainless = new NodeRegistry(db(), {
      ...shared,
      host: 'elsewhere',
      pid: 11,
      embeddedChain: true,
    });
    await expect(chainless.join()).rejects.toThrow(ClusterError);
    await expect(chainless.join()).rejects.toThrow(
      /Other server processes run on this database \(elsewhere:8081/,
    );
    const second = new NodeRegistry(db(), { ...shared, host: 'elsewhere', pid: 12 });
    await second.join();
    expect(await second.others()).toHaveLength(1);

    // Not seen for longer than it may be: gone.
    await sql`UPDATE yuan_node SET seen_at = now() - interval '1 minute'`.execute(db().root);
    expect(await second.others()).toEqual([]);
    await chainless.join();
    await chainless.leave();
    await first.leave();
    await second.leave();
    expect(
      (await sql<{ n: string }>`SELECT count(*) AS n FROM yuan_node`.execute(db().root)).rows[0]?.n,
    ).toBe('0');
  });

  it('does not count a row of this machine whose process has gone (a restart right after a kill)', async () => {
    const dead = new NodeRegistry(db(), {
      ...shared,
      host: hostname(),
      pid: 2 ** 22 + 12_345,
      embeddedDatabase: true,
    });
    await dead.join();
    const restarted = new NodeRegistry(db(), {
      ...shared,
      host: hostname(),
      embeddedDatabase: true,
      pid: process.pid,
    });
    await restarted.join();
    expect(await restarted.others()).toEqual([]);
    await restarted.leave();
    await dead.leave();
  });
});
