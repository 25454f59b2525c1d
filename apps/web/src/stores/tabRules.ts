import { FIRST_PAGE } from '@yuan/contract/constants';

/** A tab of SPEC §3. `value` is the path (or the external src); `query` is replayed when the tab is opened. */
export interface Tab {
  label: string;
  value: string;
  params: Record<string, string>;
  query: Record<string, string>;
  meta: { i18n?: string; isTab?: boolean; keepAlive?: boolean };
  group: string[];
  close: boolean;
}

export interface TabState {
  tabs: Tab[];
  /** value of the active tab */
  active: string;
}

export function welcomeTab(): Tab {
  return {
    label: FIRST_PAGE.label,
    value: FIRST_PAGE.path,
    params: {},
    query: {},
    meta: {},
    group: [],
    close: false,
  };
}

export function initialTabState(): TabState {
  return { tabs: [welcomeTab()], active: FIRST_PAGE.path };
}

/** Opening a page: an existing tab with the same value is refreshed and activated, otherwise appended. */
export function addTab(state: TabState, tab: Tab): TabState {
  const index = state.tabs.findIndex((item) => item.value === tab.value);
  if (index === -1) {
    return { tabs: [...state.tabs, tab], active: tab.value };
  }
  const tabs = state.tabs.slice();
  tabs[index] = { ...tabs[index], label: tab.label, params: tab.params, query: tab.query, meta: tab.meta };
  return { tabs, active: tab.value };
}

/**
 * Closing a tab: the last tab cannot be closed; closing the active one activates its neighbour — the previous
 * tab, or the first one when it was the first.
 */
export function closeTab(state: TabState, value: string): TabState {
  const index = state.tabs.findIndex((item) => item.value === value);
  if (index === -1 || state.tabs.length <= 1) {
    return state;
  }
  const tabs = state.tabs.filter((item) => item.value !== value);
  if (state.active !== value) {
    return { tabs, active: state.active };
  }
  const neighbour = index > 0 ? tabs[index - 1] : tabs[0];
  return { tabs, active: neighbour.value };
}

/** Close others keeps the active tab and the first page. */
export function closeOtherTabs(state: TabState): TabState {
  const tabs = state.tabs.filter((item) => item.value === state.active || item.value === FIRST_PAGE.path);
  return { tabs: tabs.length > 0 ? tabs : [welcomeTab()], active: state.active };
}

/** Close all resets to the welcome tab. */
export function closeAllTabs(): TabState {
  return initialTabState();
}

/** A tab can be closed unless it is the only one left. */
export function canClose(state: TabState): boolean {
  return state.tabs.length > 1;
}

/** The URL a tab navigates to; external tabs reopen through /myiframe with their query (src, name). */
export function tabHref(tab: Tab): string {
  const search = new URLSearchParams(tab.query).toString();
  if (/^https?:\/\//i.test(tab.value) || /\.html?$/i.test(tab.value)) {
    const query = new URLSearchParams({ ...tab.query, src: tab.value, name: tab.label }).toString();
    return `/myiframe/urlPath?${query}`;
  }
  return search ? `${tab.value}?${search}` : tab.value;
}
