import { afterEach, describe, expect, it, vi } from 'vitest';
import { heldAnswers, unitsRunAtOnce } from '../../../../test/held-answers.ts';
import { CacheRegistry } from '../../../lib/cache/cache-registry.ts';
import type { AuthContext } from '../../../types.ts';
import type { MenuRepo } from './menu.repo.ts';
import { PermissionService } from './permission.service.ts';

const ctx = { tenantId: '000000', roleIds: ['1'] } as AuthContext;

/** Grants read from a repository whose answers the test releases one at a time. */
function service() {
  const store = heldAnswers<string[]>();
  const repo = { grantedCodes: vi.fn(store.read) };
  const permissions = new PermissionService(repo as unknown as MenuRepo, unitsRunAtOnce, new CacheRegistry());
  return { permissions, repo, answer: store.answer };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('PermissionService', () => {
  it('keeps answering with the old grants while one caller reloads them after they expired', async () => {
    vi.useFakeTimers();
    const { permissions, repo, answer } = service();
    const first = permissions.require(ctx, 'user');
    answer(['user']);
    await first;
    vi.advanceTimersByTime(7_000);

    // The caller that finds the grants expired waits for the reload; the next one is answered at once.
    const reloading = permissions.require(ctx, 'user');
    expect(reloading).toBeInstanceOf(Promise);
    expect(permissions.require(ctx, 'user')).toBeUndefined();
    expect(() => permissions.require(ctx, 'role')).toThrow();
    expect(repo.grantedCodes).toHaveBeenCalledTimes(2);

    answer(['user', 'role']);
    await reloading;
    expect(permissions.require(ctx, 'role')).toBeUndefined();
  });

  it('reads the grants again at once after a change drops them', async () => {
    const { permissions, repo, answer } = service();
    const first = permissions.codes(ctx);
    answer(['user']);
    expect(await first).toEqual(new Set(['user']));
    permissions.clear();
    const after = permissions.require(ctx, 'user');
    expect(after).toBeInstanceOf(Promise);
    answer([]);
    await expect(after).rejects.toThrow();
    expect(repo.grantedCodes).toHaveBeenCalledTimes(2);
  });
});
