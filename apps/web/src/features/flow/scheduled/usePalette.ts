import { theme } from 'antd';
import { useMemo } from 'react';
import type { Palette } from './calendarEvents.ts';

/** The calendar's status colours from the theme, so the light and dark themes both read well. */
export function usePalette(): Palette {
  const { token } = theme.useToken();
  return useMemo(
    () => ({
      ok: token.colorSuccess,
      failed: token.colorError,
      running: token.colorPrimary,
      onStatus: token.colorWhite,
      upcoming: token.colorFillTertiary,
      upcomingBorder: token.colorTextQuaternary,
      upcomingText: token.colorTextSecondary,
    }),
    [token],
  );
}
