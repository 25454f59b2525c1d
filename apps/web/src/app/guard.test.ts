import { describe, expect, it } from 'vitest';
import { decideRoute, decideTab, pageTitle, showsMenu } from './guard.ts';

describe('route guard', () => {
  it('sends a locked session to the lock page', () => {
    expect(decideRoute({ path: '/system/user/index', hasToken: true, locked: true })).toEqual({
      kind: 'redirect',
      to: '/lock',
    });
    expect(decideRoute({ path: '/login', hasToken: true, locked: true })).toEqual({
      kind: 'redirect',
      to: '/lock',
    });
    expect(decideRoute({ path: '/lock', hasToken: true, locked: true })).toEqual({ kind: 'pass' });
  });

  it('sends a logged-in user away from /login', () => {
    expect(decideRoute({ path: '/login', hasToken: true, locked: false })).toEqual({
      kind: 'redirect',
      to: '/',
    });
  });

  it('leaves a sign-in under way on the login page: its form takes the user to where it lands', () => {
    expect(decideRoute({ path: '/login', hasToken: true, locked: false, signingIn: true })).toEqual({
      kind: 'pass',
    });
    expect(decideRoute({ path: '/login2', hasToken: true, locked: false, signingIn: true })).toEqual({
      kind: 'pass',
    });
  });

  it('lets a logged-in user through', () => {
    expect(decideRoute({ path: '/wel/index', hasToken: true, locked: false })).toEqual({ kind: 'pass' });
  });

  it('clears the session and goes to /login without a token', () => {
    expect(decideRoute({ path: '/wel/index', hasToken: false, locked: false })).toEqual({
      kind: 'logout',
      to: '/login',
    });
    expect(decideRoute({ path: '/myiframe/urlPath', hasToken: false, locked: false }).kind).toBe('logout');
  });

  it('lets anyone reach the public pages', () => {
    for (const path of ['/login', '/login2', '/lock', '/404', '/403', '/500', '/register']) {
      expect(decideRoute({ path, hasToken: false, locked: false })).toEqual({ kind: 'pass' });
    }
  });

  it('lets the third-party sign-in and single sign-on pages through with or without a token', () => {
    for (const path of ['/oauth/social', '/oauth/authorize']) {
      expect(decideRoute({ path, hasToken: false, locked: false })).toEqual({ kind: 'pass' });
      expect(decideRoute({ path, hasToken: true, locked: false })).toEqual({ kind: 'pass' });
    }
  });
});

describe('tab decisions', () => {
  it('makes a tab from the path and the route name', () => {
    const decision = decideTab({ path: '/system/user/index', query: {}, params: {}, routeName: '用户管理' });
    expect(decision).toMatchObject({ kind: 'tab', tab: { value: '/system/user/index', label: '用户管理' } });
  });

  it('honours src, name and i18n from the query', () => {
    const decision = decideTab({
      path: '/myiframe/urlPath',
      query: { src: 'https://example.com', name: 'Example', i18n: 'menu.example' },
      params: {},
    });
    expect(decision).toMatchObject({
      kind: 'tab',
      tab: { value: 'https://example.com', label: 'Example', meta: { i18n: 'menu.example' } },
    });
  });

  it('opens a new window when the query has a target', () => {
    expect(decideTab({ path: '/x/index', query: { target: '_blank' }, params: {}, routeName: 'X' })).toEqual({
      kind: 'open-window',
      url: '/x/index',
    });
  });

  it('makes no tab when meta disables it or the label is empty', () => {
    expect(
      decideTab({ path: '/x/index', query: {}, params: {}, routeName: 'X', meta: { isTab: false } }),
    ).toEqual({
      kind: 'none',
    });
    expect(decideTab({ path: '/x/index', query: {}, params: {} })).toEqual({ kind: 'none' });
  });

  it('hides the menu when the query has menu', () => {
    expect(showsMenu({ menu: 'false' })).toBe(false);
    expect(showsMenu({})).toBe(true);
  });

  it('titles the login page with the login title', () => {
    expect(pageTitle('/login', '', 'Yuan Admin', '登录')).toBe('登录 | Yuan Admin');
    expect(pageTitle('/system/user/index', '用户管理', 'Yuan Admin', '登录')).toBe('用户管理 | Yuan Admin');
  });
});
