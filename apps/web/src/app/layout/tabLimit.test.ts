import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { initialTabState, type Tab } from '../../stores/tabRules.ts';
import { useTabs } from '../../stores/tabs.ts';
import { limitTabs, MAX_TABS, tabsToEvict } from './tabLimit.ts';

function tab(value: string): Tab {
  return { label: value, value, params: {}, query: {}, meta: {}, group: [], close: true };
}

const route = (n: number) => `/page${n}/index`;
const values = () => useTabs.getState().tabs.map((item) => item.value);

describe('tab limit', () => {
  let stop: () => void;

  beforeEach(() => {
    useTabs.setState({ ...initialTabState(), generations: {} });
    stop = limitTabs();
  });

  afterEach(() => stop());

  it('keeps every tab up to the limit', () => {
    for (let n = 1; n < MAX_TABS; n += 1) {
      useTabs.getState().open(tab(route(n)));
    }
    expect(values()).toHaveLength(MAX_TABS);
    expect(values()[0]).toBe('/wel/index');
  });

  it('closes the least recently activated tab when a 21st screen opens', () => {
    // The home tab and 19 pages: 20 tabs.
    for (let n = 1; n <= 19; n += 1) {
      useTabs.getState().open(tab(route(n)));
    }
    // Use the oldest ones again: /page3 is now the least recently activated tab.
    useTabs.getState().activate(route(1));
    useTabs.getState().activate('/wel/index');
    useTabs.getState().open(tab(route(2)));
    expect(values()).toHaveLength(MAX_TABS);

    // The 21st screen.
    useTabs.getState().open(tab(route(20)));
    const state = useTabs.getState();
    expect(state.tabs).toHaveLength(MAX_TABS);
    expect(values()).not.toContain(route(3));
    expect(values()).toEqual([
      '/wel/index',
      ...[1, 2, ...Array.from({ length: 17 }, (_, i) => i + 4)].map(route),
    ]);
    expect(state.active).toBe(route(20));

    // And the next one closes the next least recently activated: /page4.
    useTabs.getState().open(tab(route(21)));
    expect(values()).toHaveLength(MAX_TABS);
    expect(values()).not.toContain(route(4));
    expect(values()).toContain(route(1));
  });

  it('never closes the home tab, even when it was used least recently', () => {
    for (let n = 1; n <= 25; n += 1) {
      useTabs.getState().open(tab(route(n)));
    }
    expect(values()).toHaveLength(MAX_TABS);
    expect(values()[0]).toBe('/wel/index');
    expect(values().slice(1)).toEqual(Array.from({ length: 19 }, (_, i) => route(i + 7)));
  });

  it('never closes the active tab', () => {
    const tabs = [tab('/wel/index'), tab('/a/index'), tab('/b/index'), tab('/c/index')];
    // The active tab is the one used least recently in the list: it stays, the next oldest goes.
    expect(tabsToEvict({ tabs, active: '/a/index' }, ['/a/index', '/b/index', '/c/index'], 3)).toEqual([
      '/b/index',
    ]);
  });

  it('trims tabs restored over the limit', () => {
    stop();
    const restored = [tab('/wel/index'), ...Array.from({ length: 62 }, (_, i) => tab(route(i + 1)))];
    useTabs.setState({ tabs: restored, active: route(5) });
    stop = limitTabs();
    expect(values()).toHaveLength(MAX_TABS);
    expect(values()).toContain('/wel/index');
    expect(values()).toContain(route(5));
    expect(values()).toContain(route(62));
    expect(useTabs.getState().active).toBe(route(5));
  });
});
