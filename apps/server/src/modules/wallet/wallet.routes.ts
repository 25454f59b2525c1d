import { paySchemas, sdkSchemas, walletSchemas } from '@yuan/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { caller } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import type { PayeeService } from './payee.service.ts';
import type { PaymentService } from './payment.service.ts';
import type { SdkService } from './sdk.service.ts';
import type { WalletService } from './wallet.service.ts';

const tags = ['wallet'];
/** Calls that wait on the chain open their own short units of work, so no transaction is held meanwhile. */
const manual = { scope: 'manual' } as const;
const mailLang = (lang: string) => (lang.startsWith('en') ? 'en' : 'zh');

/** SPEC §7 clientApp and sdk: the signed-in user's own wallets (any user of the tenant may hold wallets). */
export function walletRoutes(s: {
  wallets: WalletService;
  payments: PaymentService;
  payees: PayeeService;
  sdk: SdkService;
}) {
  const { wallets, payments, payees, sdk } = s;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.post('/clientApp/listWallets', { schema: { tags } }, async (req) =>
      ok(req.lang, await wallets.list(caller(req))),
    );
    r.post('/clientApp/createWallet', { schema: { tags, body: walletSchemas.create } }, async (req) =>
      ok(req.lang, await wallets.create(caller(req), req.body, req.lang)),
    );
    r.post('/clientApp/importWallet', { schema: { tags, body: walletSchemas.import } }, async (req) =>
      ok(req.lang, await wallets.import(caller(req), req.body, req.lang)),
    );
    r.post('/clientApp/showWalletName', { schema: { tags, body: walletSchemas.rename } }, async (req) =>
      ok(req.lang, await wallets.rename(caller(req), req.body.id, req.body.name)),
    );
    r.post('/clientApp/getYuanInfo', { schema: { tags, body: walletSchemas.info } }, async (req) =>
      ok(req.lang, await wallets.info(caller(req), req.body?.walletId)),
    );
    // A quote while typing, or with a request id the swap itself.
    r.post(
      '/clientApp/ybiToEth',
      { config: manual, schema: { tags, body: paySchemas.swap } },
      async (req) => {
        const { requestId, walletId, minOut, ...rest } = req.body;
        if (requestId === undefined || walletId === undefined) {
          return ok(req.lang, await wallets.quote(rest.amountIn));
        }
        return ok(
          req.lang,
          await payments.swap(caller(req), { ...rest, requestId, walletId, minOut: minOut ?? '0' }),
        );
      },
    );
    r.post('/clientApp/sendToken', { config: manual, schema: { tags, body: paySchemas.send } }, async (req) =>
      ok(req.lang, await payments.send(caller(req), req.body)),
    );
    r.post(
      '/clientApp/sendPayCode',
      { config: manual, schema: { tags, body: paySchemas.payCode } },
      async (req) => {
        await payments.sendPayCode(caller(req), req.body.walletId, req.ip, mailLang(req.lang));
        return ok(req.lang, true);
      },
    );
    r.post('/clientApp/transactionList', { schema: { tags, body: paySchemas.transactions } }, async (req) => {
      const { walletId, ...page } = req.body;
      return ok(req.lang, await wallets.transactions(caller(req), walletId, page));
    });
    r.post('/clientApp/groupMiner', { schema: { tags, body: paySchemas.issuance } }, async (req) =>
      ok(req.lang, await wallets.issuance(req.body ?? {})),
    );
    r.post('/clientApp/searchPayeeList', { schema: { tags, body: paySchemas.searchPayees } }, async (req) =>
      ok(req.lang, await payees.search(caller(req), req.body?.name)),
    );
    r.post('/clientApp/addNewPayee', { schema: { tags, body: paySchemas.payee } }, async (req) =>
      ok(req.lang, await payees.add(caller(req), req.body)),
    );
    const codes = { perm: ['territory'] };
    r.post('/sdk/create', { config: codes, schema: { tags, body: sdkSchemas.create } }, async (req) =>
      ok(req.lang, await sdk.create(caller(req), req.body)),
    );
    r.post(
      '/clientApp/sendTerritoryCode',
      { config: { ...codes, ...manual }, schema: { tags, body: sdkSchemas.send } },
      async (req) => {
        await sdk.sendTo(caller(req), req.body, mailLang(req.lang));
        return ok(req.lang, true);
      },
    );
    r.post('/sdk/use', { config: manual, schema: { tags, body: sdkSchemas.use } }, async (req) =>
      ok(req.lang, await sdk.use(caller(req), req.body)),
    );
  };
}
