import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CrudContext } from './types.ts';
import { useListEditor } from './useListEditor.ts';

const contextWith = (reload: () => void): CrudContext => ({ reload, selected: [], search: {} });

describe("a list's own editor", () => {
  it('mounts afresh on every opening and reloads the list only after a save', () => {
    const reload = vi.fn();
    const { result } = renderHook(() => useListEditor());
    act(() => result.current.open(contextWith(reload)));
    expect(result.current.editing).toMatchObject({ id: undefined, nonce: 1 });
    act(() => result.current.close(false));
    expect(result.current.editing).toBeNull();
    expect(reload).not.toHaveBeenCalled();

    act(() => result.current.open(contextWith(reload), '42'));
    expect(result.current.editing).toMatchObject({ id: '42', nonce: 1 });
    act(() => result.current.open(contextWith(reload), '43'));
    expect(result.current.editing).toMatchObject({ id: '43', nonce: 2 });
    act(() => result.current.close(true));
    expect(result.current.editing).toBeNull();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
