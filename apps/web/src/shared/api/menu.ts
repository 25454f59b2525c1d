import type { ButtonNode, MenuNode, TopMenu } from '@yuan/contract';
import { call } from './http.ts';

const MENU = '/api/yuan-system/menu';

export function fetchRoutes(topMenuId?: string): Promise<MenuNode[]> {
  return call<MenuNode[]>(`${MENU}/routes`, { params: { topMenuId } });
}

export function fetchButtons(): Promise<ButtonNode[]> {
  return call<ButtonNode[]>(`${MENU}/buttons`);
}

export function fetchTopMenus(): Promise<TopMenu[]> {
  return call<TopMenu[]>(`${MENU}/top-menu`);
}
