import type { FastifyInstance } from 'fastify';
import { Chain } from '../../lib/chain/chain.ts';
import { defineModule } from '../../lib/module/module.ts';
import { authModule } from '../auth/index.ts';
import { EntityDataService, EntityExcel, entityDefinitions, lowcodeModule } from '../lowcode/index.ts';
import { mailModule } from '../mail/index.ts';
import { resourceModule } from '../resource/index.ts';
import { systemModule } from '../system/index.ts';
import { Senders } from '../../lib/chain/senders.ts';
import type { AuthContext } from '../../types.ts';
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

/** The wallet area: the chain, wallets, payments, payees, codes and the indexer. */
export const walletModule = defineModule({
  name: 'wallet',
  needs: {
    system: systemModule,
    auth: authModule,
    mail: mailModule,
    resource: resourceModule,
    lowcode: lowcodeModule,
  },
  build(ground, { system, auth, mail, resource, lowcode }) {
    const { database, db, box } = ground;
    const deps = {
      counts: ground.counts,
      codes: auth.codes,
      mail: mail.mail,
      sms: resource.sms,
      chain: { ...ground.config.chain, dir: ground.config.dataDir },
    };
    const chain = new Chain(deps.chain);
    const senders = new Senders(database);
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
      entityDefinitions(ground.caches, 'wallet.payeeDefinitions'),
      lowcode.entityVersions,
      ownRows,
      system.bizDicts,
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
    const indexer = new ChainIndexer(
      database,
      chain,
      index,
      requests,
      ground.config.chain.confirmations,
      ground.log,
    );
    const log = ground.log;
    indexer.useJobs(ground.jobs);

    async function register(app: FastifyInstance): Promise<void> {
      app.addHook('onReady', async () => {
        // An embedded chain a killed process left running stops now, not on the chain's first use.
        chain
          .reapOrphan()
          .catch((error: unknown) => log()?.warn({ err: error }, 'chain: leftover node not stopped'));
      });
      app.stops.add('chain', 'embedded chain', () => chain.stop());
      await app.register(walletRoutes({ wallets, payments, payees, sdk }), { prefix: '/api/yuan-api' });
      await app.register(payeeRoutes(payees, new EntityExcel(payeeData), lowcode.inScope), {
        prefix: '/api/yuan-api/payee',
      });
    }

    return { provides: {}, register };
  },
});
