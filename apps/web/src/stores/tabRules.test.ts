import { describe, expect, it } from 'vitest';
import {
  addTab,
  canClose,
  closeAllTabs,
  closeOtherTabs,
  closeTab,
  initialTabState,
  type Tab,
  type TabState,
  tabHref,
} from './tabRules.ts';

function tab(value: string): Tab {
  return { label: value, value, params: {}, query: {}, meta: {}, group: [], close: true };
}

function open(...values: string[]): TabState {
  return values.reduce((state, value) => addTab(state, tab(value)), initialTabState());
}

describe('tab rules', () => {
  it('starts with the welcome tab', () => {
    const state = initialTabState();
    expect(state.tabs.map((item) => item.value)).toEqual(['/wel/index']);
    expect(state.active).toBe('/wel/index');
  });

  it('adds each page once and activates it', () => {
    const state = addTab(open('/a/index', '/b/index'), tab('/a/index'));
    expect(state.tabs.map((item) => item.value)).toEqual(['/wel/index', '/a/index', '/b/index']);
    expect(state.active).toBe('/a/index');
  });

  it('opens the previous tab when the active one closes', () => {
    const state = closeTab(open('/a/index', '/b/index'), '/b/index');
    expect(state.tabs.map((item) => item.value)).toEqual(['/wel/index', '/a/index']);
    expect(state.active).toBe('/a/index');
  });

  it('opens the first tab when the active first tab closes', () => {
    const start = { ...open('/a/index', '/b/index'), active: '/wel/index' };
    const state = closeTab(start, '/wel/index');
    expect(state.active).toBe('/a/index');
  });

  it('keeps the active tab when another one closes', () => {
    const state = closeTab(open('/a/index', '/b/index'), '/a/index');
    expect(state.active).toBe('/b/index');
    expect(state.tabs).toHaveLength(2);
  });

  it('never closes the last tab', () => {
    const single = initialTabState();
    expect(canClose(single)).toBe(false);
    expect(closeTab(single, '/wel/index')).toBe(single);
  });

  it('close others keeps the active tab and the first page', () => {
    const state = closeOtherTabs(addTab(open('/a/index', '/b/index', '/c/index'), tab('/b/index')));
    expect(state.tabs.map((item) => item.value)).toEqual(['/wel/index', '/b/index']);
    expect(state.active).toBe('/b/index');
  });

  it('close all resets to the welcome tab', () => {
    const state = closeAllTabs();
    expect(state.tabs.map((item) => item.value)).toEqual(['/wel/index']);
    expect(state.active).toBe('/wel/index');
  });

  it('builds the tab link with its query, external ones through /myiframe', () => {
    expect(tabHref({ ...tab('/a/index'), query: { x: '1' } })).toBe('/a/index?x=1');
    const href = tabHref({ ...tab('https://example.com'), label: 'Ext' });
    expect(href.startsWith('/myiframe/urlPath?')).toBe(true);
  });
});
