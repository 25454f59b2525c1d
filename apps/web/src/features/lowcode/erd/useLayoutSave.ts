import { useCallback, useEffect, useRef } from 'react';
import { erdApi } from './erdApi.ts';
import type { Positions } from './graph.ts';

/** How long the diagram waits after the last move before it saves: a rearrangement is many drags. */
export const SAVE_DELAY_MS = 800;

/**
 * Saves the table positions once the user has stopped moving tables for a moment. A save still waiting when the
 * screen closes is sent right away, so the last drag is never lost.
 */
export function useLayoutSave(delay = SAVE_DELAY_MS): (positions: Positions) => void {
  const pending = useRef<Positions | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const flush = useCallback(() => {
    if (timer.current !== null) {
      clearTimeout(timer.current);
      timer.current = null;
    }
    const positions = pending.current;
    pending.current = null;
    if (positions) {
      // A failed save is reported by the request client's toast; the positions stay on screen either way.
      void erdApi.saveLayout(positions).catch(() => undefined);
    }
  }, []);

  useEffect(() => flush, [flush]);

  return useCallback(
    (positions: Positions) => {
      pending.current = positions;
      if (timer.current !== null) {
        clearTimeout(timer.current);
      }
      timer.current = setTimeout(flush, delay);
    },
    [delay, flush],
  );
}
