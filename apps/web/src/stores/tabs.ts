import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import {
  addTab,
  closeAllTabs,
  closeOtherTabs,
  closeTab,
  initialTabState,
  type Tab,
  type TabState,
} from './tabRules.ts';

interface TabsStore extends TabState {
  /** Bumped per tab to drop its kept-alive page (context menu "clear cache"). */
  generations: Record<string, number>;
  open: (tab: Tab) => void;
  activate: (value: string) => void;
  close: (value: string) => void;
  closeOthers: () => void;
  closeAll: () => void;
  reload: (value: string) => void;
}

/** Open tabs, persisted in localStorage (SPEC §9: tags kept in browser storage). */
export const useTabs = create<TabsStore>()(
  persist(
    (set) => ({
      ...initialTabState(),
      generations: {},
      open: (tab) => set((state) => addTab(state, tab)),
      activate: (value) => set({ active: value }),
      close: (value) => set((state) => closeTab(state, value)),
      closeOthers: () => set((state) => closeOtherTabs(state)),
      closeAll: () => set(closeAllTabs()),
      reload: (value) =>
        set((state) => ({
          generations: { ...state.generations, [value]: (state.generations[value] ?? 0) + 1 },
        })),
    }),
    {
      name: 'yuan-tabs',
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ tabs: state.tabs, active: state.active }),
    },
  ),
);
