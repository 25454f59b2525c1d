import { useContext } from 'react';
import { ScreenContext, type ScreenInfo } from './ScreenContext.ts';

export function useScreen(): ScreenInfo {
  return useContext(ScreenContext);
}
