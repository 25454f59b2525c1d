import type { MenuNode } from '@yuan/contract';
import { FIRST_PAGE, WALLET_FIRST_PAGE } from '@yuan/contract/constants';
import { findMenuByPath, withIndexSuffix } from '../../shared/menu/rules.ts';

/** The wallet's first page as the menu routes it (leaf paths carry /index). */
export const WALLET_HOME = withIndexSuffix(WALLET_FIRST_PAGE);

/**
 * Where a signed-in user lands (SPEC §9, "first page wallet0"): the wallet's first page when the user's menus route
 * it, else the welcome page, which every user has (a user without the wallet menu would otherwise meet a 404).
 */
export function landingPath(menus: MenuNode[]): string {
  return findMenuByPath(menus, WALLET_HOME) ? WALLET_HOME : FIRST_PAGE.path;
}
