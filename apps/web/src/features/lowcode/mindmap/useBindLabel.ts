import type { MindmapBind } from '@yuan/contract/lowcode/mindmap';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { BindLabel } from './mindData.ts';

/** The tag a bound node shows on the map: its kind, in the screen's language. */
export function useBindLabel(): BindLabel {
  const { t } = useTranslation();
  return useCallback((bind: MindmapBind) => t(`mindmap.kind.${bind.kind}`), [t]);
}
