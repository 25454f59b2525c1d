import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_XLSX_ENTRIES, MAX_XLSX_INFLATED, MAX_XLSX_RATIO } from '../../src/lib/xlsx-limits.ts';
import { i18nModule } from '../../src/modules/i18n/index.ts';
import { lowcodeModule } from '../../src/modules/lowcode/index.ts';
import { userModule } from '../../src/modules/user/index.ts';
import { TENANT_B, twoTenantApp } from '../fixtures.ts';
import { uploadFile } from '../upload.ts';
import { blankSheet, emptyPart, withSheet, workbookParts, type ZipPart, zipOf } from '../zip-bomb.ts';

/**
 * Deflate bombs replayed through the three importers' routes: each is refused with its limit named, the server's
 * memory grows by a small fraction of what the bomb unpacks to, and nothing is written. Honest files rebuilt by
 * the same zip writer still import, so a refusal here is the limit's doing.
 */
const { t, tokens } = twoTenantApp(() => ({}), [userModule, lowcodeModule, i18nModule]);
const MB = 1024 * 1024;
const API = '/api/yuan-api';
/** Far below what any bomb here unpacks to (150 MB to 300 MB). */
const RSS_GROWTH_MAX = 64 * MB;

interface Importer {
  name: string;
  url: () => string;
  honest: unknown[][];
  unreadable: string;
  /** Rows the import may have written (the language-text route only parses, and must stay so). */
  written: () => Promise<number>;
}

let entId = '';
const count = async (table: string, where = sql`tenant_id = ${TENANT_B}`) =>
  Number(
    (
      await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(table)} WHERE ${where}`.execute(
        t.database.root,
      )
    ).rows[0]?.n,
  );
const importers: Importer[] = [
  {
    name: 'users',
    url: () => '/api/yuan-user/import-user',
    honest: [
      ['登录账号', '用户姓名'],
      ['bomb_probe', '探针'],
    ],
    unreadable: '文件不是有效的用户导入表格',
    written: () => count('yuan_user'),
  },
  {
    name: 'entity rows',
    url: () => `${API}/dtentity/entExcelParseSave?entId=${entId}`,
    honest: [['名称'], ['Apple']],
    unreadable: '文件不是有效的Excel表格（.xlsx），或第一行没有与字段对应的表头',
    written: async () =>
      (await t.call('GET', `${API}/dtentity/queryDataByFields?entId=${entId}`, tokens.b)).json().data.total,
  },
  {
    name: 'language texts',
    url: () => `${API}/i18n/parse-excel`,
    honest: [
      ['文本键', '文本'],
      ['bomb.probe', 'x'],
    ],
    unreadable: '文件不是有效的语言文本表格（第一行须有“文本键”和“文本”两列）',
    written: () => count('yuan_i18n', sql`true`),
  },
];

let big: ZipPart;
let dense: ZipPart;
beforeAll(async () => {
  big = await blankSheet(300 * MB);
  dense = await blankSheet(150 * MB);
  const saved = await t.call('POST', `${API}/dtentity/saveOrUpdate`, tokens.b, {
    entNo: 'bomb_item',
    entName: '物品',
    elements: [{ eleNo: 'name', eleName: '名称', dataTyp: 'string' }],
  });
  entId = saved.json().data.id;
  const synced = await t.call('POST', `${API}/dtentity/syncEntityDataBaseTable`, tokens.b, {
    id: entId,
    apply: true,
  });
  expect(synced.statusCode, synced.body).toBe(200);
});

/** Uploads `file` while sampling the process's resident memory; answers the reply and the peak growth. */
async function replay(importer: Importer, file: Buffer, headers: Record<string, string> = {}) {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 2);
  try {
    const res = await uploadFile(t, importer.url(), tokens.b, 'bomb.xlsx', file, headers);
    peak = Math.max(peak, process.memoryUsage().rss);
    return { res, growth: peak - before };
  } finally {
    clearInterval(sampler);
  }
}

const tooLarge = `文件解压后过大：解压后不能超过${MAX_XLSX_INFLATED / MB}MB`;

describe.each(importers)('an .xlsx bomb sent to the $name import', (importer) => {
  it('is refused by its declared size, its lie, its ratio, its part count or its form; nothing is written', async () => {
    const parts = await workbookParts(importer.honest);
    const hidden = { ...big, name: 'xl/worksheets/sheet2.xml', unlisted: true };
    const bombs: [string, Buffer, string][] = [
      ['declared 300 MB', zipOf(withSheet(parts, big)), tooLarge],
      ['declared 4 KB, inflates to 300 MB', zipOf(withSheet(parts, { ...big, size: 4096 })), tooLarge],
      [
        'ratio 1000',
        zipOf(withSheet(parts, dense)),
        `文件解压后过大：其中的内容解压后超过压缩大小的${MAX_XLSX_RATIO}倍`,
      ],
      [
        'too many parts',
        zipOf([...parts, ...Array.from({ length: MAX_XLSX_ENTRIES }, (_, i) => emptyPart(i))]),
        `文件包含的部分过多：最多${MAX_XLSX_ENTRIES}个`,
      ],
      ['a 300 MB part left out of the directory', zipOf([...parts, hidden]), importer.unreadable],
      ['not a zip', Buffer.from(`PK\u0003\u0004${'x'.repeat(2000)}`), importer.unreadable],
    ];
    const written = await importer.written();
    for (const [what, file, msg] of bombs) {
      expect(file.length, what).toBeLessThan(5 * MB);
      const { res, growth } = await replay(importer, file);
      expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
      expect(res.json(), what).toMatchObject({ success: false, msg });
      expect(growth, what).toBeLessThan(RSS_GROWTH_MAX);
    }
    expect(await importer.written()).toBe(written);
  });

  it('names the limit in English too', async () => {
    const file = zipOf(withSheet(await workbookParts(importer.honest), big));
    const { res } = await replay(importer, file, { 'accept-language': 'en' });
    expect(res.json().msg).toBe(
      `The file is too large once unpacked: at most ${MAX_XLSX_INFLATED / MB} MB unpacked`,
    );
  });

  it('still imports the honest file rebuilt by the same zip writer', async () => {
    const res = await uploadFile(
      t,
      importer.url(),
      tokens.b,
      'ok.xlsx',
      zipOf(await workbookParts(importer.honest)),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().success).toBe(true);
  });
});
