/**
 * Entity Excel benchmark against the real server (the embedded PostgreSQL by default, an outside one when
 * DATABASE_URL is set): defines an entity of 10 fields, imports a sheet of BENCH_IMPORT_ROWS rows (default
 * 100,000), then exports them. Prints
 * the times, the server's peak resident memory and event-loop delay, checks the targets (import ≤ 15 s and
 * ≤ 512 MB, export ≤ 10 s), and keeps the numbers in bench/results/.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { startInstrumented } from './load.ts';
import { BENCH_CLIENT, BENCH_PASSWORD, driver, prepareDatabase, releaseDataDir } from './seed.ts';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const PORT = Number(process.env.BENCH_PORT ?? 18_080) + 20;
const BASE = `http://127.0.0.1:${PORT}`;

const FIELDS = [
  { eleNo: 'code', eleName: '编号', dataTyp: 'string', unique: true, verifyJson: { required: true } },
  { eleNo: 'title', eleName: '名称', dataTyp: 'string' },
  { eleNo: 'city', eleName: '城市', dataTyp: 'string' },
  { eleNo: 'owner', eleName: '负责人', dataTyp: 'string' },
  { eleNo: 'qty', eleName: '数量', dataTyp: 'int', verifyJson: { numberBetween: [0, 1_000_000] } },
  { eleNo: 'rank', eleName: '排名', dataTyp: 'int' },
  { eleNo: 'price', eleName: '价格', dataTyp: 'decimal' },
  { eleNo: 'active', eleName: '启用', dataTyp: 'bool' },
  { eleNo: 'since', eleName: '开始日期', dataTyp: 'date' },
  { eleNo: 'note', eleName: '备注', dataTyp: 'text' },
];

async function sheet(): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
  });
  const ws = book.addWorksheet('data');
  ws.addRow(FIELDS.map((f) => f.eleName)).commit();
  for (let i = 0; i < ROWS; i++) {
    const day = String((i % 28) + 1).padStart(2, '0');
    ws.addRow([
      `C${i}`,
      `Item ${i}`,
      ['Beijing', 'Shanghai', 'Shenzhen'][i % 3],
      `owner-${i % 97}`,
      i % 1000,
      i,
      `${i % 500}.25`,
      i % 2 === 0,
      `2024-03-${day}`,
      `note for row ${i}`,
    ]).commit();
  }
  ws.commit();
  await book.commit();
  return Buffer.concat(chunks);
}

async function api<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${BASE}/api/yuan-api${path}`, {
    method,
    headers: { 'blade-auth': `bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const json = (await res.json()) as { success: boolean; data: T; msg: string };
  if (!json.success) {
    throw new Error(`${path}: ${json.msg}`);
  }
  return json.data;
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'yuan-import-'));
  const database = await prepareDatabase(dataDir);
  const { env } = database;
  process.stdout.write(`building a sheet of ${ROWS} rows × ${FIELDS.length} fields…\n`);
  const file = await sheet();
  const app = await startInstrumented(
    'apps/server/src/main.ts',
    { ...env, PORT: String(PORT), CAPTCHA_MODE: 'off' },
    `${BASE}/api/health`,
    (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean),
  );
  try {
    const q = new URLSearchParams({
      tenantId: '000000',
      username: 'admin',
      password: BENCH_PASSWORD,
      grant_type: 'password',
      scope: 'all',
    });
    const login = await fetch(`${BASE}/api/yuan-auth/oauth/token?${q}`, {
      method: 'POST',
      headers: { authorization: BENCH_CLIENT },
    });
    const token = ((await login.json()) as { access_token: string }).access_token;
    const entNo = `bench_${Date.now()}`;
    const { id } = await api<{ id: string }>(token, 'POST', '/dtentity/saveOrUpdate', {
      entNo,
      entName: 'Bench',
      elements: FIELDS,
    });
    await api(token, 'POST', '/dtentity/syncEntityDataBaseTable', { id, apply: true });

    await app.stats('reset');
    const form = new FormData();
    form.append('file', new Blob([file]), 'bench.xlsx');
    const started = performance.now();
    const imported = await fetch(`${BASE}/api/yuan-api/dtentity/entExcelParseSave?entId=${id}`, {
      method: 'POST',
      headers: { 'blade-auth': `bearer ${token}` },
      body: form,
    });
    const report = (await imported.json()) as { success: boolean; msg: string; data: { saved: number } };
    const importMs = performance.now() - started;
    const importStats = await app.stats('read');
    if (!report.success || report.data.saved !== ROWS) {
      throw new Error(`import: ${report.msg}`);
    }

    await app.stats('reset');
    const exportStart = performance.now();
    const exported = await fetch(`${BASE}/api/yuan-api/dtentity/exportEntity?entId=${id}`, {
      headers: { 'blade-auth': `bearer ${token}` },
    });
    const bytes = (await exported.arrayBuffer()).byteLength;
    const exportMs = performance.now() - exportStart;
    const exportStats = await app.stats('read');

    const rows = [
      ['import', ROWS, file.byteLength, importMs, importStats],
      ['export', ROWS, bytes, exportMs, exportStats],
    ] as const;
    process.stdout.write(`\nEntity Excel on ${driver}: ${ROWS} rows × ${FIELDS.length} fields\n`);
    process.stdout.write(
      '| step | rows | file MB | seconds | server peak RSS MB | loop p99 ms | loop max ms | GC ms |\n|---|---|---|---|---|---|---|---|\n',
    );
    for (const [step, n, size, ms, s] of rows) {
      process.stdout.write(
        `| ${step} | ${n} | ${(size / 2 ** 20).toFixed(1)} | ${(ms / 1000).toFixed(1)} | ${s?.rssPeakMb} | ${s?.loopP99Ms} | ${s?.loopMaxMs} | ${s?.gcPauseMs} |\n`,
      );
    }
    for (const [step, , , , s] of rows) {
      process.stdout.write(`${step}: memory peaks in MB ${JSON.stringify(s?.memoryPeakMb)}\n`);
    }
    const targets = [
      ['import ≤ 15 s', importMs <= 15_000],
      ['import ≤ 512 MB RSS', (importStats?.rssPeakMb ?? Number.POSITIVE_INFINITY) <= 512],
      ['export ≤ 10 s', exportMs <= 10_000],
    ] as const;
    for (const [name, met] of targets) {
      process.stdout.write(`${met ? 'met' : 'NOT met'}: ${name}\n`);
    }
    mkdirSync('bench/results', { recursive: true });
    const out = `bench/results/${new Date().toISOString().replace(/[:.]/g, '-')}-import-${driver}.json`;
    writeFileSync(
      out,
      `${JSON.stringify({ driver, rows: ROWS, importMs, importStats, exportMs, exportStats, bytes }, null, 2)}\n`,
    );
    process.stdout.write(`results: ${out}\n`);
  } finally {
    await app.stop();
    await database.stop();
    releaseDataDir(dataDir);
  }
}

// BENCH_ONLY picks scenarios of bench/run.ts: the import runs with them only when the pattern names it.
const only = process.env.BENCH_ONLY;
if (only === undefined || new RegExp(only).test('import')) {
  await main();
} else {
  console.log(`import skipped (BENCH_ONLY=${only})`);
}
