import { describe, expect, it } from 'vitest';
import { isSaveKey } from './useSaveShortcut.ts';

const key = (init: KeyboardEventInit) => new KeyboardEvent('keydown', init);

describe('the save shortcut', () => {
  it('is Ctrl+S or Cmd+S, whatever the case, and nothing else', () => {
    expect(isSaveKey(key({ key: 's', ctrlKey: true }))).toBe(true);
    expect(isSaveKey(key({ key: 'S', metaKey: true, shiftKey: true }))).toBe(true);
    expect(isSaveKey(key({ key: 's' }))).toBe(false);
    expect(isSaveKey(key({ key: 's', ctrlKey: true, altKey: true }))).toBe(false);
    expect(isSaveKey(key({ key: 'a', ctrlKey: true }))).toBe(false);
  });
});
