import type { Writable } from 'node:stream';
import { encodeMessage, type Language, type Resource, renderMessage } from '@yuan/contract';
import { type ImportProgress, type ImportReport, neutralise } from '@yuan/contract/lowcode/import-report';
import ExcelJS from 'exceljs';
import type { Row } from '../../../lib/crud/crud.repo.ts';
import { AppError } from '../../../lib/errors.ts';
import { nextId } from '../../../lib/id.ts';
import { type ExcelColumn, sheetLines } from '../../../lib/excel/sheet-import.ts';
import type { AuthContext } from '../../../types.ts';
import type { EntityDataService } from './entity-data.service.ts';
import { filled } from './entity-links.ts';

export interface ImportOptions {
  /** Awaited every batch of rows read: a streamed answer writes a line and lets the event loop turn. */
  onProgress?: (progress: ImportProgress) => Promise<void>;
  /** Aborts the import (the caller went away): the unit of work rolls back. */
  signal?: AbortSignal;
}

const BATCH = 2_000;
const REPORT_MAX = 1_000;
/** An import of this many rows or more settles the table before it commits (see `settleBulk`). */
const SETTLE_AFTER = 1_000;
/** Rows written between two turns of the event loop (about 20 ms of work). */
const EXPORT_SLICE = 250;
export const IMPORT_ROWS_MAX = 200_000;

/** A cell as the form schema expects it: dates as text, rich text and formulas by their text or result. */
function cellValue(v: ExcelJS.CellValue): unknown {
  if (v === null || v === undefined) {
    return undefined;
  }
  if (v instanceof Date) {
    return v
      .toISOString()
      .replace('T', ' ')
      .replace(/\.\d{3}Z$/, '');
  }
  if (typeof v === 'object') {
    if ('richText' in v) {
      return v.richText.map((r) => r.text).join('');
    }
    if ('text' in v) {
      return String(v.text);
    }
    if ('result' in v) {
      return v.result ?? undefined;
    }
    return undefined;
  }
  return typeof v === 'string' ? v.trim() : v;
}

/** Import and export of an entity's rows as Excel, streamed row by row and written in batches. */
export class EntityExcel {
  constructor(private readonly data: EntityDataService) {}

  /**
   * Reads the sheet once, row by row: each row is checked against every rule of the definition and for uniqueness
   * (within the file, and against the table per batch), and valid rows are written in batches inside the call's
   * transaction. In `all` mode one refused row stops the writing and, at the end, refuses the call with the report,
   * which rolls every written batch back.
   */
  async import(
    ctx: AuthContext,
    lang: Language,
    entId: string,
    file: Buffer,
    mode: ImportReport['mode'],
    options: ImportOptions = {},
  ) {
    const { res, crud, repo } = await this.data.resolve(ctx, entId);
    const report: ImportReport = { mode, total: 0, saved: 0, refused: [], refusedCount: 0 };
    const unique = Object.entries(res.fields)
      .filter(([, f]) => f.unique)
      .map(([name]) => name);
    const seen = new Map(unique.map((name) => [name, new Set<string>()]));
    const duplicate = (name: string, value: unknown) =>
      renderMessage(
        lang,
        encodeMessage('form.uniqueValue', {
          label: res.labels[name] ?? name,
          value: String(value).slice(0, 64),
        }),
      ) ?? name;
    const refuse = (row: number, reasons: string[]) => {
      report.refusedCount += 1;
      if (report.refused.length < REPORT_MAX) {
        report.refused.push({ row, reasons });
      }
    };
    const now = new Date();
    let pending: { line: number; row: Row }[] = [];
    const flush = async () => {
      const batch = pending;
      pending = [];
      const refusedLines = new Set<number>();
      for (const name of unique) {
        const taken = await repo.takenValues(
          ctx.tenantId,
          name,
          batch.map((p) => p.row[name]).filter(filled),
        );
        for (const p of batch) {
          if (filled(p.row[name]) && taken.has(String(p.row[name])) && !refusedLines.has(p.line)) {
            refusedLines.add(p.line);
            refuse(p.line, [duplicate(name, p.row[name])]);
          }
        }
      }
      const candidates = batch.filter((p) => !refusedLines.has(p.line));
      const linked = await this.data.linkProblems(
        ctx,
        res,
        candidates.map((p) => p.row),
      );
      candidates.forEach((p, index) => {
        const problems = linked.get(index);
        if (problems) {
          refusedLines.add(p.line);
          refuse(
            p.line,
            problems.map((x) => renderMessage(lang, x.message) ?? x.message),
          );
        }
      });
      if (mode === 'all' && report.refusedCount > 0) {
        // Nothing will be kept: keep checking, stop writing.
        return;
      }
      const rows = batch
        .filter((p) => !refusedLines.has(p.line))
        .map((p) => ({
          ...Object.fromEntries(res.editable.map((name) => [name, p.row[name] ?? null])),
          id: nextId(),
          tenantId: ctx.tenantId,
          createUser: ctx.userId,
          createDept: ctx.deptId || null,
          createTime: now,
          updateUser: ctx.userId,
          updateTime: now,
        }));
      if (report.saved === 0) {
        await this.data.beginBulk();
      }
      await repo.insertMany(rows);
      report.saved += rows.length;
    };
    await this.each(res, file, async (line, values) => {
      report.total += 1;
      if (report.total % BATCH === 0) {
        options.signal?.throwIfAborted();
        await options.onProgress?.({ read: report.total, saved: report.saved, refused: report.refusedCount });
      }
      const parsed = res.form.safeParse(values);
      if (!parsed.success) {
        refuse(
          line,
          parsed.error.issues.map((i) => renderMessage(lang, i.message) ?? i.message),
        );
        return;
      }
      const row = parsed.data as Row;
      for (const name of unique) {
        const set = seen.get(name) as Set<string>;
        if (filled(row[name])) {
          if (set.has(String(row[name]))) {
            refuse(line, [duplicate(name, row[name])]);
            return;
          }
          set.add(String(row[name]));
        }
      }
      pending.push({ line, row });
      if (pending.length >= BATCH) {
        await flush();
      }
    });
    await flush();
    // Rows refused while reading come before those refused per batch: the report lists them in sheet order.
    report.refused.sort((x, y) => x.row - y.row);
    if (report.total === 0) {
      throw new AppError(400, 'entity.importFile');
    }
    if (mode === 'all' && report.refusedCount > 0) {
      throw new AppError(
        400,
        'entity.importRefused',
        { count: report.refusedCount },
        { ...report, saved: 0 },
      );
    }
    if (report.saved >= SETTLE_AFTER) {
      await this.data.settleBulk(res);
    }
    crud.writtenElsewhere(ctx);
    return report;
  }

  /**
   * Calls `fn` with every non-blank data row of the first sheet as field values. Headers are the fields' names or
   * labels, without case; a header naming no field refuses the file.
   */
  private async each(res: Resource, file: Buffer, fn: (line: number, values: Row) => Promise<void>) {
    const columns: Record<string, ExcelColumn<unknown>> = {};
    for (const [name, f] of Object.entries(res.fields)) {
      const asText = f.kind === 'string' || f.kind === 'text';
      columns[name] = {
        headers: typeof f.label === 'string' ? [name, f.label] : [name],
        parse: (cell) => {
          const v = cellValue(cell);
          return v === undefined || v === '' || !asText ? v : String(v);
        },
      };
    }
    const rows = sheetLines<Row>(file, {
      columns,
      fileMessage: 'entity.importFile',
      ignoreCase: true,
      unknownHeader: 'entity.importHeader',
      headerAt: 'firstRow',
      maxRows: IMPORT_ROWS_MAX,
      tooMany: () => new AppError(400, 'entity.importTooMany', { max: IMPORT_ROWS_MAX }),
    });
    for await (const { line, cells } of rows) {
      await fn(line, cells);
    }
  }

  /** The file's title, once the entity and the filters are known to be good (a refusal before any byte is sent). */
  async exportTitle(ctx: AuthContext, entId: string, query: Record<string, unknown>): Promise<string> {
    const { res } = await this.data.resolve(ctx, entId);
    this.data.checkSearch(res, query);
    return typeof res.title === 'string' ? res.title : res.title[0];
  }

  /**
   * Writes the rows a list with these filters shows to `out` as a workbook, batch by batch as they are read: the
   * first bytes leave at once and no whole file is held. Headers are the fields' names.
   */
  async export(
    ctx: AuthContext,
    entId: string,
    query: Record<string, unknown>,
    out: Writable,
  ): Promise<void> {
    const { res } = await this.data.resolve(ctx, entId);
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: out,
      useStyles: false,
      useSharedStrings: false,
    });
    const sheet = book.addWorksheet('data');
    const names = Object.keys(res.fields).filter((n) => !res.fields[n]?.writeOnly);
    sheet.columns = names.map((n) => ({ header: String(res.labels[n] ?? n), key: n, width: 18 }));
    let written = 0;
    for await (const rows of this.data.scan(ctx, entId, query)) {
      for (const row of rows) {
        const cells = names.map((n) => {
          const v = row[n];
          return neutralise(
            v !== null && typeof v === 'object' && !(v instanceof Date) ? JSON.stringify(v) : v,
          );
        });
        sheet.addRow(cells).commit();
        written += 1;
        if (written % EXPORT_SLICE === 0) {
          // The event loop turns every slice of rows: the written part leaves and other calls are served (an
          // embedded database answers without one, and writing a row is synchronous work).
          await new Promise((resolve) => setImmediate(resolve));
        }
      }
    }
    sheet.commit();
    await book.commit();
  }
}
