import type { ThemeName } from '@yuan/contract';

/** How each theme of SPEC §9 dresses the shell; the primary colour comes from the colour picker. */
export interface ThemeSpec {
  dark: boolean;
  siderTheme: 'dark' | 'light';
  siderBg: string;
  headerBg: string;
  headerText: string;
  /** Swatch shown in the theme picker. */
  swatch: string;
}

export const THEME_SPECS: Record<ThemeName, ThemeSpec> = {
  'theme-default': {
    dark: false,
    siderTheme: 'dark',
    siderBg: '#20222a',
    headerBg: '#ffffff',
    headerText: 'rgba(0,0,0,0.85)',
    swatch: 'linear-gradient(90deg,#20222a 30%,#ffffff 30%)',
  },
  'theme-white': {
    dark: false,
    siderTheme: 'light',
    siderBg: '#ffffff',
    headerBg: '#ffffff',
    headerText: 'rgba(0,0,0,0.85)',
    swatch: 'linear-gradient(90deg,#f0f0f0 30%,#ffffff 30%)',
  },
  'theme-star': {
    dark: false,
    siderTheme: 'dark',
    siderBg: '#3a1c71',
    headerBg: '#6a3093',
    headerText: '#ffffff',
    swatch: 'linear-gradient(120deg,#3a1c71,#d76d77,#ffaf7b)',
  },
  'theme-bule': {
    dark: false,
    siderTheme: 'dark',
    siderBg: '#0b2447',
    headerBg: '#19376d',
    headerText: '#ffffff',
    swatch: 'linear-gradient(90deg,#0b2447 30%,#19376d 30%)',
  },
  'theme-vip': {
    dark: false,
    siderTheme: 'dark',
    siderBg: '#2b2620',
    headerBg: '#3b3228',
    headerText: '#f5d78e',
    swatch: 'linear-gradient(90deg,#2b2620 30%,#c9a55c 30%)',
  },
  'theme-cool': {
    dark: true,
    siderTheme: 'dark',
    siderBg: '#141414',
    headerBg: '#1f1f1f',
    headerText: 'rgba(255,255,255,0.85)',
    swatch: 'linear-gradient(90deg,#000000 30%,#1f1f1f 30%)',
  },
};

export function themeSpec(name: string): ThemeSpec {
  return THEME_SPECS[name as ThemeName] ?? THEME_SPECS['theme-default'];
}
