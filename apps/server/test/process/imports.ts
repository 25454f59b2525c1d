import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { api } from './server-process.ts';

const FIELDS = [
  { eleNo: 'code', eleName: '编号', dataTyp: 'string', unique: true, verifyJson: { required: true } },
  { eleNo: 'title', eleName: '名称', dataTyp: 'string' },
  { eleNo: 'qty', eleName: '数量', dataTyp: 'int' },
  { eleNo: 'note', eleName: '备注', dataTyp: 'text' },
];

/** An entity with its table, ready for rows. */
export async function entity(base: string, token: string, tag: string): Promise<string> {
  const { id } = await api<{ id: string }>(base, token, 'POST', '/dtentity/saveOrUpdate', {
    entNo: `stop_${tag}`,
    entName: `Stop ${tag}`,
    elements: FIELDS,
  });
  await api(base, token, 'POST', '/dtentity/syncEntityDataBaseTable', { id, apply: true });
  return id;
}

/** A sheet of `rows` rows for that entity, codes prefixed with `tag` so two imports never collide. */
export async function sheet(rows: number, tag: string): Promise<Buffer> {
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
  for (let i = 0; i < rows; i++) {
    ws.addRow([`${tag}-${i}`, `Item ${i}`, i % 1000, `note for row ${i}`]).commit();
  }
  ws.commit();
  await book.commit();
  return Buffer.concat(chunks);
}

export interface RunningImport {
  /** Resolves with the first progress line: the import is under way on the server. */
  underWay: Promise<void>;
  /** The last line when the answer ended with an envelope; undefined when the connection was cut before it. */
  outcome: Promise<{ success: boolean; data?: { saved: number } } | undefined>;
}

/** Uploads `file` asking for progress lines (decision 0015) and reads them as they come. */
export function importRows(base: string, token: string, entId: string, file: Buffer): RunningImport {
  let started: () => void = () => undefined;
  const underWay = new Promise<void>((resolve) => {
    started = resolve;
  });
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)]), 'rows.xlsx');
  const outcome = (async () => {
    const res = await fetch(`${base}/api/yuan-api/dtentity/entExcelParseSave?entId=${entId}`, {
      method: 'POST',
      headers: { 'blade-auth': `bearer ${token}`, accept: 'application/x-ndjson' },
      body: form,
    });
    const reader = res.body?.getReader();
    let text = '';
    try {
      for (;;) {
        const chunk = await reader?.read();
        if (!chunk || chunk.done) {
          break;
        }
        text += Buffer.from(chunk.value).toString('utf8');
        if (text.includes('"progress"')) {
          started();
        }
      }
    } catch {
      // The connection was cut: the answer has no last line.
      started();
      return undefined;
    }
    started();
    const last = text.trim().split('\n').pop() ?? '';
    const parsed = JSON.parse(last) as { success?: boolean; progress?: unknown; data?: { saved: number } };
    return parsed.progress === undefined
      ? { success: parsed.success === true, data: parsed.data }
      : undefined;
  })();
  return { underWay, outcome };
}

/** How many rows the entity holds. */
export async function rowCount(base: string, token: string, entId: string): Promise<number> {
  const page = await api<{ total: number }>(
    base,
    token,
    'GET',
    `/dtentity/queryDataByFields?entId=${entId}&current=1&size=1`,
  );
  return Number(page.total);
}
