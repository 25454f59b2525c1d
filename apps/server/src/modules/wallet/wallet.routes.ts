import { walletSchemas } from '@yuan/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { caller } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import type { WalletService } from './wallet.service.ts';

const tags = ['wallet'];

/** SPEC §7 clientApp: the signed-in user's own wallets (any user of the tenant may hold wallets). */
export function walletRoutes(wallets: WalletService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.post('/clientApp/listWallets', { schema: { tags } }, async (req) =>
      ok(req.lang, await wallets.list(caller(req))),
    );
    r.post('/clientApp/createWallet', { schema: { tags, body: walletSchemas.create } }, async (req) =>
      ok(req.lang, await wallets.create(caller(req), req.body)),
    );
    r.post('/clientApp/importWallet', { schema: { tags, body: walletSchemas.import } }, async (req) =>
      ok(req.lang, await wallets.import(caller(req), req.body)),
    );
    r.post('/clientApp/showWalletName', { schema: { tags, body: walletSchemas.rename } }, async (req) =>
      ok(req.lang, await wallets.rename(caller(req), req.body.id, req.body.name)),
    );
    r.post('/clientApp/getYuanInfo', { schema: { tags, body: walletSchemas.info } }, async (req) =>
      ok(req.lang, await wallets.info(caller(req), req.body?.walletId)),
    );
    r.post('/clientApp/ybiToEth', { schema: { tags, body: walletSchemas.quote } }, async (req) =>
      ok(req.lang, await wallets.quote(req.body.amountIn)),
    );
  };
}
