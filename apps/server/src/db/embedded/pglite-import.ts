import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { EmbeddedError } from './errors.ts';

/** Names the PGlite folder being imported, from the moment it is set aside until its data is committed. */
const MARKER = 'pglite-import.json';

/**
 * A database folder an earlier version of the app wrote with PGlite: PostgreSQL's files (PG_VERSION) but neither
 * the settings file this app gives its own clusters (yuan.conf) nor the postmaster.opts a real server writes at
 * every start. PGlite's files are those of a 32-bit WebAssembly build, which a native server cannot open.
 */
export const isPgliteFolder = (pgDir: string) =>
  existsSync(join(pgDir, 'PG_VERSION')) &&
  !existsSync(join(pgDir, 'yuan.conf')) &&
  !existsSync(join(pgDir, 'postmaster.opts'));

const stamp = () => new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);

/**
 * Before the cluster is created: a PGlite folder in DATA_DIR/pg moves to DATA_DIR/pg-pglite-<date> (kept there,
 * untouched apart from PGlite's own opening) and is noted for import. Returns the folder to import, also when an
 * earlier start stopped midway (the note is still there), so a half-made import is redone, never left as it is.
 */
export function setAsidePglite(
  dataDir: string,
  pgDir: string,
  log: (line: string) => void,
): string | undefined {
  const marker = join(dataDir, MARKER);
  let from: string | undefined;
  if (existsSync(marker)) {
    from = (JSON.parse(readFileSync(marker, 'utf8')) as { from: string }).from;
  } else if (isPgliteFolder(pgDir)) {
    from = join(dataDir, `pg-pglite-${stamp()}`);
    writeFileSync(`${marker}.tmp`, JSON.stringify({ from }));
    renameSync(`${marker}.tmp`, marker);
  }
  if (from === undefined) {
    return undefined;
  }
  if (isPgliteFolder(pgDir)) {
    log(`${pgDir} holds a PGlite database of an earlier version: it moves to ${from} and is imported`);
    renameSync(pgDir, from);
  } else if (existsSync(pgDir)) {
    // A cluster an interrupted import had begun: it is made again.
    rmSync(pgDir, { recursive: true });
  }
  if (!existsSync(join(from, 'PG_VERSION'))) {
    throw new EmbeddedError(
      `${marker} names ${from} as the PGlite database to import, and it is not there: put it back, or remove ` +
        `${marker} to start with an empty database`,
    );
  }
  return from;
}

export function finishImport(dataDir: string): void {
  rmSync(join(dataDir, MARKER), { force: true });
}

interface Role {
  rolname: string;
  rolsuper: boolean;
  rolinherit: boolean;
  rolcreaterole: boolean;
  rolcreatedb: boolean;
  rolcanlogin: boolean;
  rolbypassrls: boolean;
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The roles of the PGlite database (a dump leaves them out: they belong to the cluster) and their memberships. */
function rolesScript(roles: Role[], members: { role: string; member: string }[]): string {
  const flag = (on: boolean, name: string) => (on ? name : `NO${name}`);
  const creates = roles.map((r) => {
    const attributes = [
      flag(r.rolsuper, 'SUPERUSER'),
      flag(r.rolinherit, 'INHERIT'),
      flag(r.rolcreaterole, 'CREATEROLE'),
      flag(r.rolcreatedb, 'CREATEDB'),
      flag(r.rolcanlogin, 'LOGIN'),
      flag(r.rolbypassrls, 'BYPASSRLS'),
    ].join(' ');
    const literal = `'${r.rolname.replace(/'/g, "''")}'`;
    return `DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = ${literal}) THEN CREATE ROLE ${ident(r.rolname)} ${attributes}; END IF; END $$;`;
  });
  const grants = members.map((m) => `GRANT ${ident(m.role)} TO ${ident(m.member)};`);
  return [...creates, ...grants].join('\n');
}

/**
 * Copies the PGlite database into the cluster's app database: its roles, then pg_dump's plain dump (schema, rows as
 * INSERTs, sequences, row-level security policies, grants, and the catalog rights the SQL reader's migration
 * changed), in one transaction, so a failure leaves nothing half imported. PGlite and its pg_dump are loaded here
 * only: nothing else of the app uses them.
 */
export async function importPglite(from: string, url: string, log: (line: string) => void): Promise<void> {
  const started = Date.now();
  let script: string;
  try {
    script = await dumpOf(from);
  } catch (error) {
    throw failed(from, error);
  }
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query(script);
    await client.query('COMMIT');
    // The SQL cost cap reads the planner's statistics.
    await client.query('ANALYZE');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw failed(from, error);
  } finally {
    await client.end();
  }
  log(
    `Imported the PGlite database from ${from} in ${((Date.now() - started) / 1000).toFixed(1)} s (kept there)`,
  );
}

const failed = (from: string, error: unknown) =>
  new EmbeddedError(
    `The PGlite database in ${from} could not be imported (${error instanceof Error ? error.message : String(error)}). ` +
      'It is unchanged, and the app does not start on an empty database instead: the next start tries again.',
  );

/** The PGlite folder's roles (a dump leaves them out) and pg_dump's plain dump, as one script. */
async function dumpOf(from: string): Promise<string> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pgDump } = await import('@electric-sql/pglite-tools/pg_dump');
  const old = await PGlite.create(from);
  try {
    const roles = (
      await old.query<Role>(
        `SELECT rolname, rolsuper, rolinherit, rolcreaterole, rolcreatedb, rolcanlogin, rolbypassrls
         FROM pg_roles WHERE rolname !~ '^pg_' AND rolname <> current_user ORDER BY rolname`,
      )
    ).rows;
    const members = (
      await old.query<{ role: string; member: string }>(
        `SELECT r.rolname AS role, m.rolname AS member FROM pg_auth_members a
         JOIN pg_roles r ON r.oid = a.roleid JOIN pg_roles m ON m.oid = a.member
         WHERE r.rolname !~ '^pg_' AND m.rolname !~ '^pg_' ORDER BY 1, 2`,
      )
    ).rows;
    const file = await pgDump({
      pg: old,
      args: ['--rows-per-insert=1000', '--no-publications', '--no-subscriptions'],
    });
    // Newer pg_dump fences the script with psql's \restrict; the script is run here without psql.
    const dump = (await file.text()).replace(/^\\(un)?restrict .*$/gm, '');
    return `${rolesScript(roles, members)}\n${dump}`;
  } finally {
    await old.close();
  }
}
