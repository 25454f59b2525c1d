import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

interface LockStore {
  isLock: boolean;
  /**
   * Kept in sessionStorage, like the lock itself: the lock screen hides the work of a user who stepped away;
   * it is not a credential (the real session is the token).
   */
  lockPassword: string;
  lock: (password: string) => void;
  /** True when the password matches and the screen is unlocked. */
  unlock: (password: string) => boolean;
  clear: () => void;
}

/** Lock state is per browser session (SPEC §4, §9). */
export const useLock = create<LockStore>()(
  persist(
    (set, get) => ({
      isLock: false,
      lockPassword: '',
      lock: (lockPassword) => set({ isLock: true, lockPassword }),
      unlock: (password) => {
        if (password !== get().lockPassword) {
          return false;
        }
        set({ isLock: false, lockPassword: '' });
        return true;
      },
      clear: () => set({ isLock: false, lockPassword: '' }),
    }),
    { name: 'yuan-lock', storage: createJSONStorage(() => sessionStorage) },
  ),
);
