import { encodeMessage, entityForm, type PayeeRow, type Resource, WALLET_MESSAGES } from '@yuan/contract';
import { getAddress, isAddress } from 'viem';
import type { Kdb } from '../../db/index.ts';
import type { Row } from '../../lib/crud/crud.repo.ts';
import { FieldError, notFound } from '../../lib/errors.ts';
import type { AuthContext } from '../../types.ts';
import type { DesignService } from '../lowcode/index.ts';
import type { DdlService } from '../lowcode/index.ts';
import type { EntityRepo } from '../lowcode/index.ts';
import type { EntityDataService } from '../lowcode/index.ts';
import type { LinkProblem } from '../lowcode/index.ts';
import type { EntityService } from '../lowcode/index.ts';

/** The payee entity's and grid's code in every tenant. */
export const PAYEE_NO = 'payee';

/** The payee entity's fields, in the entity definition language. */
const PAYEE_ELEMENTS = [
  {
    eleNo: 'name',
    eleName: '名称',
    dataTyp: 'string',
    sort: 1,
    verifyJson: { required: true, stringRange: [1, 64] },
  },
  {
    eleNo: 'address',
    eleName: '地址',
    dataTyp: 'string',
    sort: 2,
    verifyJson: { required: true, stringRange: [42, 42] },
  },
  { eleNo: 'remark', eleName: '备注', dataTyp: 'string', sort: 3, verifyJson: { stringRange: [0, 255] } },
];
const PAYEE_GRID = {
  columns: [
    { prop: 'name', width: 160 },
    { prop: 'address', width: 380 },
    { prop: 'remark', width: 200 },
  ],
  pageSize: 20,
  sort: { prop: 'name', order: 'asc' },
};

/** A payee's address must be an address: on save and on import, beside what the definition checks. */
export function payeeRules(res: Resource, rows: Row[]): Map<number, LinkProblem[]> {
  const found = new Map<number, LinkProblem[]>();
  if (res.fields.address === undefined) {
    return found;
  }
  rows.forEach((row, index) => {
    if (typeof row.address === 'string' && !isAddress(row.address, { strict: false })) {
      found.set(index, [{ field: 'address', message: encodeMessage(WALLET_MESSAGES.address) }]);
    }
  });
  return found;
}
const PAYEE_TITLE = '收款人';

/**
 * A user's payees: rows of the tenant's payee entity, shown by the payee grid of the grid designer, each user seeing
 * only the rows they made. The entity and the grid are made on the tenant's first use, as any tenant entity is.
 */
export class PayeeService {
  private readonly making = new Map<string, Promise<{ entId: string; gridId: string }>>();

  constructor(
    private readonly db: Kdb,
    /** The entity data service limited to the caller's own rows. */
    readonly data: EntityDataService,
    private readonly deps: {
      entities: EntityService;
      entityRepo: EntityRepo;
      ddl: DdlService;
      grids: DesignService;
    },
  ) {}

  /** The payee entity and grid of the caller's tenant, made when absent (once per tenant at a time). */
  async ids(ctx: AuthContext): Promise<{ entId: string; gridId: string }> {
    const found = await this.find();
    if (found) {
      return found;
    }
    const making =
      this.making.get(ctx.tenantId) ??
      this.make(ctx).finally(() => {
        this.making.delete(ctx.tenantId);
      });
    this.making.set(ctx.tenantId, making);
    return making;
  }

  private find(): Promise<{ entId: string; gridId: string } | undefined> {
    return this.db
      .selectFrom('yuan_dt_entity as e')
      .innerJoin('yuan_dt_grid as g', (j) =>
        j
          .onRef('g.tenant_id', '=', 'e.tenant_id')
          .onRef('g.ent_id', '=', 'e.id')
          .on('g.grid_no', '=', PAYEE_NO)
          .on('g.is_deleted', '=', 0),
      )
      .select(['e.id as entId', 'g.id as gridId'])
      .where('e.ent_no', '=', PAYEE_NO)
      .where('e.is_deleted', '=', 0)
      .where('e.synced_version', '>', 0)
      .limit(1)
      .executeTakeFirst();
  }

  private async make(ctx: AuthContext): Promise<{ entId: string; gridId: string }> {
    const { entities, entityRepo, ddl, grids } = this.deps;
    let entId = (await entityRepo.findByNo(PAYEE_NO))?.id;
    if (!entId) {
      entId = (
        await entities.save(
          ctx,
          entityForm.parse({
            entNo: PAYEE_NO,
            entName: PAYEE_TITLE,
            remark: 'wallet payees',
            elements: PAYEE_ELEMENTS,
          }),
        )
      ).id;
    }
    await ddl.sync(entId, { apply: true });
    const saved = await grids.crud.submit(ctx, {
      gridNo: PAYEE_NO,
      gridName: PAYEE_TITLE,
      entId,
      gridJson: PAYEE_GRID,
    });
    return { entId, gridId: String(saved.id) };
  }

  /** The payee grid's configuration with its entity's (`gridId` another grid of the payee entity, if given). */
  async config(ctx: AuthContext, gridId?: string) {
    const { entId, gridId: own } = await this.ids(ctx);
    const grid = await this.deps.grids.crud.detail(ctx, gridId ?? own);
    if (String(grid.entId) !== entId) {
      throw notFound();
    }
    return { grid, entity: await this.data.config(ctx, entId) };
  }

  async search(ctx: AuthContext, name?: string): Promise<PayeeRow[]> {
    const { entId } = await this.ids(ctx);
    const page = await this.data.list(ctx, entId, { ...(name ? { name } : {}), size: '200' });
    return page.records.map(asPayee);
  }

  /** Adds or changes one of the caller's payees; the address is kept checksummed. */
  async save(ctx: AuthContext, row: Record<string, unknown>): Promise<{ id: string }> {
    const { entId } = await this.ids(ctx);
    const address = row.address;
    if (typeof address === 'string' && !isAddress(address, { strict: false })) {
      throw new FieldError('address', encodeMessage(WALLET_MESSAGES.address));
    }
    const values = typeof address === 'string' ? { ...row, address: getAddress(address.toLowerCase()) } : row;
    return this.data.save(ctx, entId, values);
  }

  async add(ctx: AuthContext, body: { name: string; address: string; remark?: string }): Promise<PayeeRow> {
    const { id } = await this.save(ctx, { ...body, remark: body.remark ?? '' });
    const { entId } = await this.ids(ctx);
    return asPayee(await this.data.detail(ctx, entId, id));
  }

  /** The address of one of the caller's payees. */
  async addressOf(ctx: AuthContext, id: string): Promise<string | undefined> {
    const { entId } = await this.ids(ctx);
    const row = await this.data.detail(ctx, entId, id).catch(() => undefined);
    return row ? String(row.address) : undefined;
  }
}

function asPayee(row: Row): PayeeRow {
  return {
    id: String(row.id),
    name: String(row.name ?? ''),
    address: String(row.address ?? ''),
    remark: String(row.remark ?? ''),
  };
}
