import type { MenuNode, TokenResponse } from '@yuan/contract';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { getRefreshToken, getToken, removeTokens, saveTokens } from '../shared/auth/token.ts';
import { roleList } from '../shared/menu/rules.ts';

export type MenuStatus = 'idle' | 'loading' | 'ready' | 'error';

/** Session state of SPEC §3. Tokens live in cookies; this store mirrors them for rendering. */
export interface SessionState {
  tenantId: string;
  userInfo: TokenResponse | null;
  permission: Record<string, true>;
  roles: string[];
  /** The sidebar tree of the current top menu (rules of SPEC §6 applied). */
  menu: MenuNode[];
  /** Every menu loaded in this session, so tabs of another top menu stay routable. */
  menuAll: MenuNode[];
  token: string;
  refreshToken: string;
  topMenuId: string;
  menuStatus: MenuStatus;
  /**
   * From a sign-in until the page it lands on: the sign-in form then takes the user to that page, and the guard
   * does not send the signed-in user away from the login page on its own (two navigations would race).
   */
  signingIn: boolean;
  endSignIn: () => void;
  applyLogin: (response: TokenResponse) => void;
  applyTokens: (access: string, refresh: string) => void;
  setMenus: (menu: MenuNode[], topMenuId: string) => void;
  setMenuStatus: (status: MenuStatus) => void;
  setPermission: (permission: Record<string, true>) => void;
  /** Clears token, menus, roles and permissions (tabs and lock are cleared by the caller). */
  clear: () => void;
}

/** Union of two menu trees by id, children merged too (a top menu may return only part of a subtree). */
export function mergeMenus(all: MenuNode[], next: MenuNode[]): MenuNode[] {
  const byId = new Map(all.map((node) => [node.id, node]));
  for (const node of next) {
    const known = byId.get(node.id);
    byId.set(node.id, known ? { ...node, children: mergeMenus(known.children, node.children) } : node);
  }
  return [...byId.values()];
}

export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      tenantId: '',
      userInfo: null,
      permission: {},
      roles: [],
      menu: [],
      menuAll: [],
      token: getToken(),
      refreshToken: getRefreshToken(),
      topMenuId: '',
      menuStatus: 'idle',
      signingIn: false,
      endSignIn: () => set({ signingIn: false }),
      applyLogin: (response) => {
        saveTokens(response.access_token, response.refresh_token);
        set({
          token: response.access_token,
          refreshToken: response.refresh_token,
          tenantId: response.tenant_id,
          userInfo: response,
          roles: roleList(response.role_name),
          signingIn: true,
        });
      },
      applyTokens: (access, refresh) => set({ token: access, refreshToken: refresh }),
      setMenus: (menu, topMenuId) =>
        set((state) => ({ menu, topMenuId, menuAll: mergeMenus(state.menuAll, menu), menuStatus: 'ready' })),
      setMenuStatus: (menuStatus) => set({ menuStatus }),
      setPermission: (permission) => set({ permission }),
      clear: () => {
        removeTokens();
        set({
          token: '',
          refreshToken: '',
          menu: [],
          menuAll: [],
          roles: [],
          permission: {},
          topMenuId: '',
          menuStatus: 'idle',
          signingIn: false,
        });
      },
    }),
    {
      name: 'yuan-session',
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({
        tenantId: state.tenantId,
        userInfo: state.userInfo,
        permission: state.permission,
        roles: state.roles,
        topMenuId: state.topMenuId,
      }),
    },
  ),
);
