import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newDatabase } from '../../test/harness.ts';
import { type Database, openDatabase } from './index.ts';
import { GENERATED_SCHEMA, generateSchema } from './schema-codegen.ts';

let made: { url: string; drop(): Promise<void> };
let database: Database;
beforeAll(async () => {
  made = await newDatabase();
  database = await openDatabase({ url: made.url });
});
afterAll(async () => {
  await database.close();
  await made.drop();
});

describe('the committed table types', () => {
  it('are what the generator makes of the migrated database (run npm run db:types when this fails)', async () => {
    const fresh = await generateSchema(database.root);
    expect(readFileSync(GENERATED_SCHEMA, 'utf8')).toBe(fresh);
  });

  it('type every table the migrations create, and not the tenants’ entity tables', async () => {
    const tables = await sql<{ name: string }>`
      SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
        AND table_name NOT LIKE 'yuan\_ent\_%' AND table_name <> 'yuan_migration'
      ORDER BY table_name`.execute(database.root);
    const committed = readFileSync(GENERATED_SCHEMA, 'utf8');
    const typed = [...committed.matchAll(/^ {2}(yuan_\w+): \w+;$/gm)].map((m) => m[1]).sort();
    expect(typed).toEqual(tables.rows.map((r) => r.name));
    expect(typed.length).toBeGreaterThan(60);
  });

  it('no longer match once a migration changes a column', async () => {
    await sql`ALTER TABLE yuan_dict ADD COLUMN probe_note varchar(20)`.execute(database.root);
    try {
      const fresh = await generateSchema(database.root);
      expect(fresh).toContain('probe_note: string | null;');
      expect(fresh).not.toBe(readFileSync(GENERATED_SCHEMA, 'utf8'));
    } finally {
      await sql`ALTER TABLE yuan_dict DROP COLUMN probe_note`.execute(database.root);
    }
  });
});
