import { FIRST_PAGE } from '@yuan/contract/constants';
import type { TabState } from '../../stores/tabRules.ts';
import { useTabs } from '../../stores/tabs.ts';

/** At most this many tabs (and their kept-alive pages) stay open. */
export const MAX_TABS = 20;

/** The recency list with `value` moved to its end (least recently activated first). */
export function touch(recency: readonly string[], value: string): string[] {
  return [...recency.filter((item) => item !== value), value];
}

/**
 * The tabs to close so that at most `max` remain: the least recently activated ones, never the active tab nor a
 * pinned one (the first page, a tab that cannot be closed). Tabs missing from `recency` count as older than any
 * listed one, in tab order.
 */
export function tabsToEvict(state: TabState, recency: readonly string[], max = MAX_TABS): string[] {
  const excess = state.tabs.length - max;
  if (excess <= 0) {
    return [];
  }
  return state.tabs
    .map((tab, index) => ({ value: tab.value, index, rank: recency.indexOf(tab.value) }))
    .filter(
      ({ value, index }) =>
        value !== state.active && value !== FIRST_PAGE.path && state.tabs[index].close !== false,
    )
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .slice(0, excess)
    .map(({ value }) => value);
}

/**
 * Keeps the tab store at `max` tabs: records each activation and, when a tab more is opened, closes the least
 * recently activated one. Also trims tabs restored from storage. Returns the unsubscribe.
 */
export function limitTabs(store: typeof useTabs = useTabs, max = MAX_TABS): () => void {
  const initial = store.getState();
  // Without a history (a reload), the tab order stands for the order of use; the active tab is the latest.
  let recency = touch(
    initial.tabs.map((tab) => tab.value),
    initial.active,
  );
  const enforce = () => {
    for (const value of tabsToEvict(store.getState(), recency, max)) {
      store.getState().close(value);
    }
  };
  const unsubscribe = store.subscribe((state, previous) => {
    if (state.tabs !== previous.tabs) {
      recency = recency.filter((value) => state.tabs.some((tab) => tab.value === value));
    }
    if (state.active !== previous.active || !recency.includes(state.active)) {
      recency = touch(recency, state.active);
    }
    if (state.tabs.length > max) {
      enforce();
    }
  });
  enforce();
  return unsubscribe;
}
