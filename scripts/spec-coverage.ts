/**
 * Which calls of the specification the server serves: reads ../shared/spec/endpoints.tsv (or SPEC_ENDPOINTS) and the
 * server's route table, and prints per area how many are served and which are missing. A report, not a test.
 */
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded/index.ts';
import { migrate, openDatabase } from '../apps/server/src/db/index.ts';
import { allModules } from '../apps/server/src/modules/index.ts';
import { testConfig } from '../apps/server/test/env.ts';
// The app's `routeTable` decoration: its type comes with the plugin that adds it.
import type {} from '../apps/server/src/plugins/route-table.ts';

const file = resolve(process.env.SPEC_ENDPOINTS ?? '../shared/spec/endpoints.tsv');
if (!existsSync(file)) {
  console.error(`endpoints list not found: ${file}`);
  process.exit(1);
}
const spec = readFileSync(file, 'utf8')
  .split('\n')
  .filter((l) => l.trim() && !l.startsWith('#') && !l.startsWith('area\t'))
  .map((l) => {
    const [area, method, path] = l.split('\t');
    return { area: area ?? '', method: method ?? '', path: path ?? '' };
  });

// A throw-away embedded database: the app reads its settings as it starts.
const dataDir = mkdtempSync(join(tmpdir(), 'yuan-spec-'));
chmodSync(dataDir, 0o755);
const embedded = await startEmbeddedPostgres({ dataDir, profile: 'test', log: () => undefined });
const database = await openDatabase({ url: embedded.url });
await migrate(database);
// The whole route table is compared with the specification: every module.
const app = await buildApp({ config: testConfig(), database, logger: false, modules: allModules });
await app.ready();
const served = new Set(app.routeTable.map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`));
await app.close();
await database.close();
await embedded.stop();
rmSync(dataDir, { recursive: true, force: true });

const areas = new Map<string, { total: number; missing: string[] }>();
for (const e of spec) {
  const a = areas.get(e.area) ?? { total: 0, missing: [] };
  a.total++;
  // A parameter's name does not matter: /s/{id}/tree and /s/{servicePath} match any name in that place.
  const pattern = new RegExp(`^${e.method} ${e.path.replace(/\{\w+\}/g, '\\{\\w+\\}')}$`);
  if (![...served].some((s) => pattern.test(s))) {
    a.missing.push(`${e.method} ${e.path}`);
  }
  areas.set(e.area, a);
}
let total = 0;
let done = 0;
for (const [area, a] of areas) {
  total += a.total;
  done += a.total - a.missing.length;
  console.log(
    `${area.padEnd(10)} ${String(a.total - a.missing.length).padStart(3)}/${String(a.total).padEnd(3)} served`,
  );
}
console.log(
  `${'all'.padEnd(10)} ${String(done).padStart(3)}/${total} served (${((100 * done) / total).toFixed(0)}%)`,
);
if (process.argv.includes('--missing')) {
  for (const [area, a] of areas) {
    for (const m of a.missing) {
      console.log(`missing ${area}: ${m}`);
    }
  }
}
