import { domainRoutes, page } from '../screens.ts';

/** Wallet screens; the route paths are the menu's (under /yuan/generic). */
export const walletRoutes = domainRoutes(() => import('./i18n/index.ts'), {
  '/yuan/generic/pay4Exchange/index': page(() => import('./exchange/ExchangePage.tsx'), 'ExchangePage'),
  // The payee grid's rows and import dialog are the low-code area's, and speak its texts.
  '/yuan/generic/payeeList/index': page(() => import('./payees/PayeeListPage.tsx'), 'PayeeListPage', [
    () => import('../lowcode/i18n/index.ts'),
  ]),
  '/yuan/generic/blockstatistics/index': page(
    () => import('./blockStatistics/BlockStatisticsPage.tsx'),
    'BlockStatisticsPage',
  ),
  '/yuan/generic/territory/index': page(() => import('./territory/TerritoryPage.tsx'), 'TerritoryPage'),
  '/yuan/generic/useSdk/index': page(() => import('./sdk/UseSdkPage.tsx'), 'UseSdkPage'),
  '/yuan/generic/wallet0/index': page(() => import('./home/WalletHomePage.tsx'), 'WalletHomePage'),
  '/yuan/generic/balance/index': page(() => import('./balance/BalancePage.tsx'), 'BalancePage'),
  '/yuan/generic/transfers/index': page(() => import('./transfers/TransfersPage.tsx'), 'TransfersPage'),
  '/yuan/generic/payToOther0/index': page(() => import('./payToOther/PayToOtherPage.tsx'), 'PayToOtherPage'),
});
