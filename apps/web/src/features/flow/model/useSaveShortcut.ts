import { type RefObject, useEffect, useRef } from 'react';

/** Ctrl+S, or Cmd+S on macOS. */
export function isSaveKey(event: KeyboardEvent): boolean {
  return (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 's';
}

/**
 * Ctrl+S saves while `root` is on screen, wherever the focus is: after a click on the canvas's context pad it is on
 * no field at all. A designer in a hidden tab (kept mounted) does not react, and the browser never saves the page.
 */
export function useSaveShortcut(root: RefObject<HTMLElement | null>, onSave: () => void): void {
  const latest = useRef(onSave);
  useEffect(() => {
    latest.current = onSave;
  }, [onSave]);
  useEffect(() => {
    const listener = (event: KeyboardEvent) => {
      const element = root.current;
      if (!isSaveKey(event) || !element || element.getClientRects().length === 0) {
        return;
      }
      event.preventDefault();
      latest.current();
    };
    // Capture phase: a label being typed on the canvas stops its keys from bubbling.
    window.addEventListener('keydown', listener, true);
    return () => window.removeEventListener('keydown', listener, true);
  }, [root]);
}
