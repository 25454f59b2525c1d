import type { Language } from '@yuan/contract';
import type { Kdb } from '../../db/index.ts';
import { AppError } from '../../lib/errors.ts';
import { sheetWorkbook } from '../../lib/excel/sheet-export.ts';
import {
  type ExcelColumns,
  RowProblem,
  rowsChecked,
  type SheetSpec,
  sheetAll,
  textColumn,
} from '../../lib/excel/sheet-import.ts';
import { nextId } from '../../lib/id.ts';
import { containing } from '../../lib/like.ts';
import { hashPassword } from '../../lib/password.ts';
import type { AuthContext } from '../../types.ts';
import { paramValue } from '../system/index.ts';
import { INIT_PASSWORD_PARAM } from './user.service.ts';

type Key = 'account' | 'name' | 'realName' | 'email' | 'phone' | 'roleAlias' | 'deptName' | 'postCode';

/** The sheet's columns; headers are read in either language. */
const COLUMNS: ExcelColumns<Record<Key, string>> = {
  account: textColumn('登录账号', 'Account', { width: 18, required: true }),
  name: textColumn('用户昵称', 'Nickname', { width: 16 }),
  realName: textColumn('用户姓名', 'Real name', { width: 16 }),
  email: textColumn('电子邮箱', 'Email', { width: 24 }),
  phone: textColumn('手机号码', 'Phone', { width: 16 }),
  roleAlias: textColumn('角色别名', 'Role aliases', { width: 20 }),
  deptName: textColumn('部门名称', 'Departments', { width: 20 }),
  postCode: textColumn('岗位编号', 'Post codes', { width: 16 }),
};
const MAX_ROWS = 5_000;
const FALLBACK_INIT_PASSWORD = '123456';

/** The header (row 1, in either language) and the rows below it; reading stops past MAX_ROWS. */
const SHEET: SheetSpec<Record<Key, string>> = {
  columns: COLUMNS,
  fileMessage: 'user.importFile',
  maxRows: MAX_ROWS,
  tooMany: () => new AppError(400, 'user.importEmpty', { max: MAX_ROWS }),
};

/** A row's empty cells as empty text. */
const EMPTY = Object.fromEntries(Object.keys(COLUMNS).map((key) => [key, ''])) as Record<Key, string>;

const sheetName = (lang: Language) => (lang === 'en' ? 'Users' : '用户');

/** Excel export, template and import of a tenant's users. Import is all or nothing: one bad row refuses the file. */
export class UserExcel {
  constructor(private readonly db: Kdb) {}

  async template(lang: Language): Promise<Buffer> {
    return sheetWorkbook(sheetName(lang), COLUMNS, lang);
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
    const l = await this.lookups(ctx.tenantId);
    let q = this.db
      .selectFrom('yuan_user')
      .select(['account', 'name', 'real_name', 'email', 'phone', 'role_id', 'dept_id', 'post_id'])
      .where('tenant_id', '=', ctx.tenantId)
      .where('is_deleted', '=', 0);
    if (filter.account) {
      q = q.where('account', 'like', containing(filter.account));
    }
    if (filter.realName) {
      q = q.where('real_name', 'like', containing(filter.realName));
    }
    const names = (ids: string, m: Map<string, string>) =>
      ids
        .split(',')
        .map((id) => m.get(id))
        .filter(Boolean)
        .join(',');
    const users = await q.orderBy('id').limit(50_000).execute();
    return sheetWorkbook(
      sheetName(lang),
      COLUMNS,
      lang,
      users.map((u) => ({
        account: u.account,
        name: u.name,
        realName: u.real_name,
        email: u.email,
        phone: u.phone,
        roleAlias: names(u.role_id, l.roles.byId),
        deptName: names(u.dept_id, l.depts.byId),
        postCode: names(u.post_id, l.posts.byId),
      })),
    );
  }

  /** Adds the sheet's users (existing accounts are updated only when `covered`). Returns how many were saved. */
  async import(ctx: AuthContext, file: Buffer, covered: boolean): Promise<number> {
    const rows = await sheetAll(file, SHEET);
    const l = await this.lookups(ctx.tenantId);
    if (rows.length === 0) {
      throw new AppError(400, 'user.importEmpty', { max: MAX_ROWS });
    }
    const fail = (detail: string): never => {
      throw new RowProblem(detail);
    };
    const ids = (text: string, m: Map<string, string>, what: string) =>
      text
        .split(/[,，]/)
        .map((s) => s.trim())
        .filter(Boolean)
        .map((k) => m.get(k) ?? fail(`${what}: ${k}`))
        .join(',');
    const seen = new Set<string>();
    const prepared = rowsChecked(rows, 'user.importRow', ({ line, cells }) => {
      const v = { ...EMPTY, ...cells };
      if (!/^[\w.@-]{1,64}$/.test(v.account) || seen.has(v.account)) {
        fail(`account: ${v.account}`);
      }
      seen.add(v.account);
      if (v.realName === '' || v.realName.length > 64 || v.name.length > 64) {
        fail('realName');
      }
      if (v.email !== '' && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(v.email)) {
        fail(`email: ${v.email}`);
      }
      return {
        line,
        account: v.account,
        name: v.name || v.account,
        real_name: v.realName,
        email: v.email.slice(0, 128),
        phone: v.phone.slice(0, 32),
        role_id: ids(v.roleAlias, l.roles.byKey, 'role'),
        dept_id: ids(v.deptName, l.depts.byKey, 'dept'),
        post_id: ids(v.postCode, l.posts.byKey, 'post'),
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
        throw new AppError(400, 'user.importRow', { row: dup.line, detail: `account: ${dup.account}` });
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
