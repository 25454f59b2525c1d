import { THEME_COLOR_DEFAULT, type ThemeName } from '@yuan/contract/constants';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

interface SettingsStore {
  themeName: ThemeName;
  themeColor: string;
  collapse: boolean;
  setTheme: (themeName: ThemeName) => void;
  setThemeColor: (color: string) => void;
  setCollapse: (collapse: boolean) => void;
}

/** Look and feel, saved in localStorage so the choice survives reloads. */
export const useSettings = create<SettingsStore>()(
  persist(
    (set) => ({
      themeName: 'theme-default',
      themeColor: THEME_COLOR_DEFAULT,
      collapse: false,
      setTheme: (themeName) => set({ themeName }),
      setThemeColor: (themeColor) => set({ themeColor }),
      setCollapse: (collapse) => set({ collapse }),
    }),
    { name: 'yuan-settings', storage: createJSONStorage(() => localStorage) },
  ),
);
