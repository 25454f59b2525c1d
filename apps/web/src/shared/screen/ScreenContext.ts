import type { MenuNode } from '@yuan/contract';
import { createContext } from 'react';

/** What the layout knows about the screen it renders: its menu node (if any) and its label. */
export interface ScreenInfo {
  menu?: MenuNode;
  label: string;
  /** The path the screen was opened with (parameters filled in). */
  path: string;
}

export const ScreenContext = createContext<ScreenInfo>({ label: '', path: '' });
