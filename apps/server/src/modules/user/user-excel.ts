import type { Language } from '@yuan/contract';
import ExcelJS from 'exceljs';
import type { Kdb } from '../../db/index.ts';
import { AppError } from '../../lib/errors.ts';
import { cellText } from '../../lib/excel-cell.ts';
import { nextId } from '../../lib/id.ts';
import { hashPassword } from '../../lib/password.ts';
import { sheetRows } from '../../lib/xlsx-rows.ts';
import type { AuthContext } from '../../types.ts';
import { paramValue } from '../system/index.ts';
import { INIT_PASSWORD_PARAM } from './user.service.ts';

/** The sheet's columns; headers are read in either language. */
const COLUMNS = [
  { key: 'account', zh: '登录账号', en: 'Account', width: 18 },
  { key: 'name', zh: '用户昵称', en: 'Nickname', width: 16 },
  { key: 'realName', zh: '用户姓名', en: 'Real name', width: 16 },
  { key: 'email', zh: '电子邮箱', en: 'Email', width: 24 },
  { key: 'phone', zh: '手机号码', en: 'Phone', width: 16 },
  { key: 'roleAlias', zh: '角色别名', en: 'Role aliases', width: 20 },
  { key: 'deptName', zh: '部门名称', en: 'Departments', width: 20 },
  { key: 'postCode', zh: '岗位编号', en: 'Post codes', width: 16 },
] as const;
type Key = (typeof COLUMNS)[number]['key'];
const MAX_ROWS = 5_000;
const FALLBACK_INIT_PASSWORD = '123456';

function sheet(lang: Language) {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet(lang === 'en' ? 'Users' : '用户');
  ws.columns = COLUMNS.map((c) => ({ header: c[lang], key: c.key, width: c.width }));
  ws.getRow(1).font = { bold: true };
  return { book, ws };
}

/**
 * The header (row 1, in either language) and the non-blank rows below it. Reading stops past MAX_ROWS: the file
 * is refused anyway, so the rest is not unpacked.
 */
async function readSheet(file: Buffer) {
  const header = new Map<number, Key>();
  const rows: { line: number; v: Record<Key, string> }[] = [];
  for await (const { line, values } of sheetRows(file, 'user.importFile')) {
    if (line === 1) {
      values.forEach((value, col) => {
        const text = cellText(value).trim();
        const column = COLUMNS.find((c) => c.zh === text || c.en === text);
        if (column) {
          header.set(col, column.key);
        }
      });
      continue;
    }
    const v = Object.fromEntries(COLUMNS.map((c) => [c.key, ''])) as Record<Key, string>;
    values.forEach((value, col) => {
      const key = header.get(col);
      if (key) {
        v[key] = cellText(value).trim();
      }
    });
    if (Object.values(v).some((x) => x !== '')) {
      rows.push({ line, v });
    }
    if (rows.length > MAX_ROWS) {
      throw new AppError(400, 'user.importEmpty', { max: MAX_ROWS });
    }
  }
  return { header, rows };
}

/** Excel export, template and import of a tenant's users. Import is all or nothing: one bad row refuses the file. */
export class UserExcel {
  constructor(private readonly db: Kdb) {}

  async template(lang: Language): Promise<Buffer> {
    return Buffer.from(await sheet(lang).book.xlsx.writeBuffer());
  }

  private async lookups(tenantId: string) {
    const [roles, depts, posts] = await Promise.all([
      this.db
        .selectFrom('yuan_role')
        .select(['id', 'role_alias as k'])
        .where('tenant_id', '=', tenantId)
        .where('is_deleted', '=', 0)
        .execute(),
      this.db
        .selectFrom('yuan_dept')
        .select(['id', 'dept_name as k'])
        .where('tenant_id', '=', tenantId)
        .where('is_deleted', '=', 0)
        .execute(),
      this.db
        .selectFrom('yuan_post')
        .select(['id', 'post_code as k'])
        .where('tenant_id', '=', tenantId)
        .where('is_deleted', '=', 0)
        .execute(),
    ]);
    const maps = (rows: { id: string; k: string }[]) => ({
      byId: new Map(rows.map((r) => [r.id, r.k])),
      byKey: new Map(rows.map((r) => [r.k, r.id])),
    });
    return { roles: maps(roles), depts: maps(depts), posts: maps(posts) };
  }

  async export(
    ctx: AuthContext,
    lang: Language,
    filter: { account?: string; realName?: string },
  ): Promise<Buffer> {
    const { book, ws } = sheet(lang);
    const l = await this.lookups(ctx.tenantId);
    let q = this.db
      .selectFrom('yuan_user')
      .select(['account', 'name', 'real_name', 'email', 'phone', 'role_id', 'dept_id', 'post_id'])
      .where('tenant_id', '=', ctx.tenantId)
      .where('is_deleted', '=', 0);
    if (filter.account) {
      q = q.where('account', 'like', `%${filter.account.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    }
    if (filter.realName) {
      q = q.where('real_name', 'like', `%${filter.realName.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    }
    const names = (ids: string, m: Map<string, string>) =>
      ids
        .split(',')
        .map((id) => m.get(id))
        .filter(Boolean)
        .join(',');
    for (const u of await q.orderBy('id').limit(50_000).execute()) {
      ws.addRow({
        account: u.account,
        name: u.name,
        realName: u.real_name,
        email: u.email,
        phone: u.phone,
        roleAlias: names(u.role_id, l.roles.byId),
        deptName: names(u.dept_id, l.depts.byId),
        postCode: names(u.post_id, l.posts.byId),
      });
    }
    return Buffer.from(await book.xlsx.writeBuffer());
  }

  /** Adds the sheet's users (existing accounts are updated only when `covered`). Returns how many were saved. */
  async import(ctx: AuthContext, file: Buffer, covered: boolean): Promise<number> {
    const { header, rows } = await readSheet(file);
    if (![...header.values()].includes('account')) {
      throw new AppError(400, 'user.importFile');
    }
    const l = await this.lookups(ctx.tenantId);
    if (rows.length === 0 || rows.length > MAX_ROWS) {
      throw new AppError(400, 'user.importEmpty', { max: MAX_ROWS });
    }
    const fail = (line: number, detail: string) => {
      throw new AppError(400, 'user.importRow', { row: line, detail });
    };
    const ids = (text: string, m: Map<string, string>, line: number, what: string) =>
      text
        .split(/[,，]/)
        .map((s) => s.trim())
        .filter(Boolean)
        .map((k) => m.get(k) ?? fail(line, `${what}: ${k}`))
        .join(',');
    const seen = new Set<string>();
    const prepared = rows.map(({ line, v }) => {
      if (!/^[\w.@-]{1,64}$/.test(v.account) || seen.has(v.account)) {
        fail(line, `account: ${v.account}`);
      }
      seen.add(v.account);
      if (v.realName === '' || v.realName.length > 64 || v.name.length > 64) {
        fail(line, 'realName');
      }
      if (v.email !== '' && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(v.email)) {
        fail(line, `email: ${v.email}`);
      }
      return {
        line,
        account: v.account,
        name: v.name || v.account,
        real_name: v.realName,
        email: v.email.slice(0, 128),
        phone: v.phone.slice(0, 32),
        role_id: ids(v.roleAlias, l.roles.byKey, line, 'role'),
        dept_id: ids(v.deptName, l.depts.byKey, line, 'dept'),
        post_id: ids(v.postCode, l.posts.byKey, line, 'post'),
      };
    });
    const existing = new Map(
      (
        await this.db
          .selectFrom('yuan_user')
          .select(['id', 'account'])
          .where('tenant_id', '=', ctx.tenantId)
          .where('is_deleted', '=', 0)
          .where('account', 'in', [...seen])
          .execute()
      ).map((u) => [u.account, u.id]),
    );
    if (!covered) {
      const dup = prepared.find((p) => existing.has(p.account));
      if (dup) {
        fail(dup.line, `account: ${dup.account}`);
      }
    }
    const added = prepared.filter((p) => !existing.has(p.account)).length;
    const tenant = await this.db
      .selectFrom('yuan_tenant')
      .select('account_number')
      .where('tenant_id', '=', ctx.tenantId)
      .executeTakeFirst();
    if (tenant && tenant.account_number >= 0 && added > 0) {
      const used = await this.db
        .selectFrom('yuan_user')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('tenant_id', '=', ctx.tenantId)
        .where('is_deleted', '=', 0)
        .executeTakeFirstOrThrow();
      if (Number(used.n) + added > tenant.account_number) {
        throw new AppError(400, 'user.quotaExceeded');
      }
    }
    const password = await hashPassword(
      (await paramValue(this.db, ctx.tenantId, INIT_PASSWORD_PARAM)) ?? FALLBACK_INIT_PASSWORD,
    );
    const now = new Date();
    for (const { line: _line, ...p } of prepared) {
      const id = existing.get(p.account);
      if (id) {
        await this.db
          .updateTable('yuan_user')
          .set({ ...p, update_user: ctx.userId, update_time: now })
          .where('tenant_id', '=', ctx.tenantId)
          .where('id', '=', id)
          .execute();
      } else {
        await this.db
          .insertInto('yuan_user')
          .values({
            ...p,
            tenant_id: ctx.tenantId,
            id: nextId(),
            password,
            create_user: ctx.userId,
            create_dept: ctx.deptId || null,
            create_time: now,
            update_user: ctx.userId,
            update_time: now,
          })
          .execute();
      }
    }
    return prepared.length;
  }
}
