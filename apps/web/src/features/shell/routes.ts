import { domainRoutes, lazyScreen, page, type Screen } from '../screens.ts';

const texts = () => import('./i18n/index.ts');

/** The shell's test page (the other shell pages are outside the menu: see AppRoutes and the exports below). */
export const shellRoutes = domainRoutes(texts, {
  '/test/index': page(() => import('./testPage/TestPage.tsx'), 'TestPage'),
});

/** A menu route without a screen. */
export const NotAvailableScreen: Screen = lazyScreen(
  null,
  page(() => import('./notAvailable/NotAvailablePage.tsx'), 'NotAvailablePage'),
);

/** A menu entry that shows another site. */
export const IframeScreen: Screen = lazyScreen(
  null,
  page(() => import('./iframe/IframePage.tsx'), 'IframePage'),
);

/** The app download page (outside the layout). */
export const DownloadScreen: Screen = lazyScreen(
  texts,
  page(() => import('./download/DownloadPage.tsx'), 'DownloadPage'),
);
