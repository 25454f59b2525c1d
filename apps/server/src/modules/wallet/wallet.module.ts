import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database, Kdb } from '../../db/index.ts';
import { Chain, type ChainConfig } from '../../lib/chain/chain.ts';
import { Senders } from '../../lib/chain/senders.ts';
import type { ListCache } from '../../lib/crud/list-cache.ts';
import type { Row } from '../../lib/crud/crud.repo.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { AuthContext } from '../../types.ts';
import type { VerifyCodeService } from '../auth/verify-code.service.ts';
import type { DesignService } from '../lowcode/design/design.service.ts';
import type { InScope } from '../lowcode/entity/data.routes.ts';
import type { DdlService } from '../lowcode/entity/ddl.service.ts';
import type { EntityRepo } from '../lowcode/entity/entity.repo.ts';
import type { EntityService } from '../lowcode/entity/entity.service.ts';
import { EntityDataService } from '../lowcode/entity/entity-data.service.ts';
import { EntityExcel } from '../lowcode/entity/entity-excel.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { SmsService } from '../resource/sms-send.service.ts';
import { ChainIndexRepo } from './chain-index.repo.ts';
import { ChainIndexer } from './indexer.ts';
import { payeeRoutes } from './payee.routes.ts';
import { PayeeService, payeeRules } from './payee.service.ts';
import { PaymentService } from './payment.service.ts';
import { RequestRepo } from './request.repo.ts';
import { SdkRepo } from './sdk.repo.ts';
import { SdkService } from './sdk.service.ts';
import { WalletRepo } from './wallet.repo.ts';
import { walletRoutes } from './wallet.routes.ts';
import { WalletService } from './wallet.service.ts';

export interface WalletDeps {
  database: Database;
  db: Kdb;
  box: SecretBox;
  counts: ListCache;
  codes: VerifyCodeService;
  mail: MailService;
  sms: SmsService;
  chain: ChainConfig & { confirmations: number };
  lowcode: {
    entities: EntityService;
    entityRepo: EntityRepo;
    ddl: DdlService;
    grids: DesignService;
    dicts: { dictionary(ctx: AuthContext, code: string): Promise<Row[]> };
  };
}

/** The wallet area: the chain, wallets, payments, payees, codes and the indexer, wired once. */
export function walletModule(deps: WalletDeps) {
  const { database, db, box, lowcode } = deps;
  const chain = new Chain(deps.chain);
  const senders = new Senders();
  const walletRepo = new WalletRepo(db);
  const requests = new RequestRepo(db);
  const index = new ChainIndexRepo(db);
  // Each user sees and changes only the payees they made.
  const ownRows = {
    rowsFor: async (ctx: AuthContext) => [{ op: 'eq' as const, column: 'create_user', value: ctx.userId }],
  };
  const payeeData = new EntityDataService(
    db,
    lowcode.entityRepo,
    deps.counts,
    ownRows,
    lowcode.dicts,
    payeeRules,
  );
  const payees = new PayeeService(db, payeeData, lowcode);
  const wallets = new WalletService(walletRepo, box, chain, index);
  const payments = new PaymentService({
    database,
    wallets: walletRepo,
    requests,
    box,
    chain,
    senders,
    codes: deps.codes,
    mail: deps.mail,
    payeeAddress: (ctx, id) => payees.addressOf(ctx, id),
  });
  const sdk = new SdkService(database, new SdkRepo(db), walletRepo, chain, senders, {
    mail: deps.mail,
    sms: deps.sms,
  });
  let log: FastifyBaseLogger | undefined;
  const indexer = new ChainIndexer(database, chain, index, requests, deps.chain.confirmations, () => log);

  async function register(app: FastifyInstance, inScope: InScope): Promise<void> {
    log = app.log;
    app.addHook('onReady', async () => {
      indexer.poller.start();
      // An embedded chain a killed process left running stops now, not on the chain's first use.
      chain
        .reapOrphan()
        .catch((error: unknown) => log?.warn({ err: error }, 'chain: leftover node not stopped'));
    });
    app.stops.add('jobs', 'chain indexer', () => indexer.poller.stop());
    app.stops.add('chain', 'embedded chain', () => chain.stop());
    await app.register(walletRoutes({ wallets, payments, payees, sdk }), { prefix: '/api/yuan-api' });
    await app.register(payeeRoutes(payees, new EntityExcel(payeeData), inScope), {
      prefix: '/api/yuan-api/payee',
    });
  }

  return { chain, indexer, register };
}
