import type { ClientLogEntry } from '@yuan/contract';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** The server accepts at most 200 entries per upload; older entries beyond that are dropped locally. */
const MAX_ENTRIES = 200;

interface ErrorLogStore {
  logs: ClientLogEntry[];
  add: (entry: ClientLogEntry) => void;
  clear: () => void;
}

export const useErrorLog = create<ErrorLogStore>()(
  persist(
    (set) => ({
      logs: [],
      add: (entry) => set((state) => ({ logs: [entry, ...state.logs].slice(0, MAX_ENTRIES) })),
      clear: () => set({ logs: [] }),
    }),
    { name: 'yuan-error-log', storage: createJSONStorage(() => localStorage) },
  ),
);
