import {
  type Language,
  type ReportParam,
  type ReportRunInput,
  type ReportView,
  reportColumnTitle,
  reportParam,
  type SqlResult,
} from '@yuan/contract';
import ExcelJS from 'exceljs';
import { z } from 'zod';
import type { AuthContext } from '../../types.ts';
import type { Cache } from '../../lib/cache/cache.ts';
import type { CacheRegistry } from '../../lib/cache/cache-registry.ts';
import type { CrudService } from '../../lib/crud/crud.service.ts';
import { AppError, forbidden } from '../../lib/errors.ts';
import type { SqlEditService } from '../lowcode/index.ts';

type Value = string | number | boolean | null;
export interface ReportAnswer extends SqlResult {
  name: string;
  view: ReportView | null;
  params: ReportParam[];
  /** Answered from the cache (the report's cache time had not passed for these parameters). */
  cached: boolean;
}

/** The seeded administrator role's alias: sees every report. */
const ADMIN = 'administrator';
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const MAX_CACHED = 500;
const declared = z.array(reportParam).max(20);

/** The viewer's values in the order the report declares them, checked by type; a missing one takes its default. */
export function bindParams(params: ReportParam[], values: Record<string, Value> = {}): Value[] {
  return params.map((p) => {
    const raw = values[p.name] ?? p.defaultValue ?? null;
    if (raw === null || raw === '') {
      if (p.required) {
        throw new AppError(400, 'report.paramMissing', { label: p.label });
      }
      return null;
    }
    if (p.type === 'number') {
      const n = typeof raw === 'number' ? raw : Number(raw);
      if (!Number.isFinite(n)) {
        throw new AppError(400, 'report.paramType', { label: p.label });
      }
      return n;
    }
    if (p.type === 'date' && !(typeof raw === 'string' && DATE.test(raw))) {
      throw new AppError(400, 'report.paramType', { label: p.label });
    }
    return String(raw);
  });
}

/**
 * Runs reports: the stored query through the SQL editor's runner (one SELECT, the tenant's rows, read only, time
 * and row limits) with the viewer's parameters bound, cached per tenant, report version and parameters for the
 * report's cache time; and the same rows as an Excel sheet.
 */
export class ReportService {
  private readonly cache: Cache<ReportAnswer>;

  constructor(
    private readonly crud: CrudService,
    private readonly sqlEdit: SqlEditService,
    caches: CacheRegistry,
  ) {
    // Each answer lives for its report's own cache time, given when it is kept.
    this.cache = caches.cache({ name: 'report.answers', max: MAX_CACHED });
  }

  async run(ctx: AuthContext, input: ReportRunInput): Promise<ReportAnswer> {
    const report = await this.crud.detail(ctx, input.id);
    const viewers = String(report.roleIds ?? '')
      .split(',')
      .filter(Boolean);
    if (
      viewers.length > 0 &&
      !viewers.some((r) => ctx.roleIds.includes(r)) &&
      !ctx.roleNames.includes(ADMIN)
    ) {
      throw forbidden();
    }
    const params = declared.parse(report.params ?? []);
    const bound = bindParams(params, input.params);
    const seconds = Number(report.cacheSeconds ?? 0);
    const key = JSON.stringify([ctx.tenantId, input.id, String(report.updateTime), bound]);
    const hit = seconds > 0 ? this.cache.get(key) : undefined;
    if (hit !== undefined) {
      return { ...hit, cached: true };
    }
    const result = await this.sqlEdit.run(String(report.querySql), bound);
    const answer: ReportAnswer = {
      ...result,
      name: String(report.name),
      view: (report.view as ReportView | null) ?? null,
      params,
      cached: false,
    };
    if (seconds > 0) {
      this.cache.set(key, answer, seconds * 1000);
    }
    return answer;
  }

  /** The designer's live preview: an unsaved query with its declared parameters and the values typed in. */
  async preview(
    querySql: string,
    params: ReportParam[],
    values: Record<string, Value> = {},
  ): Promise<SqlResult> {
    return this.sqlEdit.run(querySql, bindParams(params, values));
  }

  /** The rows as a sheet whose headers are the columns' labels in the caller's language (as on screen). */
  async excel(
    ctx: AuthContext,
    input: ReportRunInput,
    lang: Language,
  ): Promise<{ name: string; body: Buffer }> {
    const answer = await this.run(ctx, input);
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet(answer.name.slice(0, 31).replace(/[\\/?*[\]:]/g, '_') || 'report');
    sheet.columns = answer.columns.map((c) => {
      const header = reportColumnTitle(c, answer.view?.labels, lang);
      return { header, key: c, width: Math.min(40, Math.max(10, header.length + 2)) };
    });
    for (const row of answer.rows) {
      sheet.addRow(answer.columns.map((c) => cell(row[c])));
    }
    sheet.getRow(1).font = { bold: true };
    return { name: `${answer.name}.xlsx`, body: Buffer.from(await book.xlsx.writeBuffer()) };
  }
}

/** A value as a sheet cell: numbers and dates as such, objects as JSON text. */
function cell(value: unknown): string | number | boolean | Date | null {
  if (value === null || value === undefined) {
    return null;
  }
  if (typeof value === 'number' || typeof value === 'boolean' || value instanceof Date) {
    return value;
  }
  if (typeof value === 'string') {
    const n = Number(value);
    return value !== '' && /^-?\d+(\.\d+)?$/.test(value) && Number.isSafeInteger(Math.trunc(n)) ? n : value;
  }
  return JSON.stringify(value);
}
