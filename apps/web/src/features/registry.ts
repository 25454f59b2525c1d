import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

export type Screen = LazyExoticComponent<ComponentType>;

/**
 * Route path (as the menu gives it, after the /index rule) → lazy screen. Later features add one entry each;
 * a menu route without an entry renders the shared "not available yet" screen.
 */
export const screens: Record<string, Screen> = {
  '/wel/index': lazy(() => import('./wel/index/WelcomePage.tsx').then((m) => ({ default: m.WelcomePage }))),
};

export const NotAvailableScreen: Screen = lazy(() =>
  import('./placeholder/notAvailable/NotAvailablePage.tsx').then((m) => ({ default: m.NotAvailablePage })),
);

export const IframeScreen: Screen = lazy(() =>
  import('./iframe/view/IframePage.tsx').then((m) => ({ default: m.IframePage })),
);

export const IFRAME_PATTERN = '/myiframe/*';

/** Paths that are screens even without a menu entry (the first page always exists). */
export const BUILTIN_PATHS = ['/wel/index'] as const;

export function screenFor(path: string): Screen {
  return screens[path] ?? screens[path.replace(/\/index$/, '')] ?? NotAvailableScreen;
}
