import type { MenuNode } from '@yuan/contract';
import { FIRST_PAGE, type Language } from '@yuan/contract/constants';
import {
  BUILTIN_PATHS,
  IFRAME_PATTERN,
  IframeScreen,
  type Screen,
  screenFor,
} from '../../features/registry.ts';
import { findMenuByPath, matchMenuPath, menuLabel } from '../../shared/menu/rules.ts';

export interface ResolvedScreen {
  /** Route pattern the screen is mounted under (so useParams works inside it). */
  pattern: string;
  params: Record<string, string>;
  menu?: MenuNode;
  label: string;
  Screen: Screen;
}

interface Labels {
  home: string;
  iframe: string;
}

/** Which screen a path shows: /myiframe/*, a menu route, or a built-in page; null means 404. */
export function resolveScreen(
  pathname: string,
  query: Record<string, string>,
  menuAll: MenuNode[],
  language: Language,
  labels: Labels,
): ResolvedScreen | null {
  if (pathname.startsWith('/myiframe/')) {
    return { pattern: IFRAME_PATTERN, params: {}, label: query.name || labels.iframe, Screen: IframeScreen };
  }
  const node = findMenuByPath(menuAll, pathname);
  if (node) {
    return {
      pattern: node.path,
      params: matchMenuPath(node.path, pathname) ?? {},
      menu: node,
      label: menuLabel(node, language),
      Screen: screenFor(node.path),
    };
  }
  if ((BUILTIN_PATHS as readonly string[]).includes(pathname)) {
    const label = pathname === FIRST_PAGE.path ? labels.home : pathname;
    return { pattern: pathname, params: {}, label, Screen: screenFor(pathname) };
  }
  return null;
}
