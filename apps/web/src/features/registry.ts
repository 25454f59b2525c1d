import { deskRoutes } from './desk/routes.ts';
import { flowRoutes } from './flow/routes.ts';
import { helpRoutes } from './help/routes.ts';
import { infoRoutes } from './info/routes.ts';
import { lowcodeRoutes } from './lowcode/routes.ts';
import { monitorRoutes } from './monitor/routes.ts';
import { resourceRoutes } from './resource/routes.ts';
import type { Screen } from './screens.ts';
import { NotAvailableScreen, shellRoutes } from './shell/routes.ts';
import { systemRoutes } from './system/routes.ts';
import { toolRoutes } from './tool/routes.ts';
import { walletRoutes } from './wallet/routes.ts';
import { welRoutes } from './wel/routes.ts';

export type { Screen } from './screens.ts';
export { IframeScreen, NotAvailableScreen } from './shell/routes.ts';

/**
 * Route path (as the menu gives it, after the /index rule) → lazy screen: each domain registers its part in its
 * routes.ts. A menu route without an entry renders the shared "not available yet" screen.
 */
export const screens: Record<string, Screen> = {
  ...welRoutes,
  ...systemRoutes,
  ...toolRoutes,
  ...resourceRoutes,
  ...monitorRoutes,
  ...deskRoutes,
  ...infoRoutes,
  ...walletRoutes,
  ...lowcodeRoutes,
  ...flowRoutes,
  ...helpRoutes,
  ...shellRoutes,
};

export const IFRAME_PATTERN = '/myiframe/*';

/** Paths that are screens even without a menu entry (the first page always exists). */
export const BUILTIN_PATHS = ['/wel/index'] as const;

export function screenFor(path: string): Screen {
  return screens[path] ?? screens[path.replace(/\/index$/, '')] ?? NotAvailableScreen;
}
