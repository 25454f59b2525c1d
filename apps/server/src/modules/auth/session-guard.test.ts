import { afterEach, describe, expect, it, vi } from 'vitest';
import { heldAnswers, unitsRunAtOnce } from '../../../test/held-answers.ts';
import { CacheRegistry } from '../../lib/cache/cache-registry.ts';
import type { SessionRepo } from './session.repo.ts';
import { SessionGuard } from './session-guard.ts';

type Found = { revoked_at: Date | null; expires_at: Date } | undefined;

/** A guard over a session store whose answers the test releases one at a time. */
function guard() {
  const store = heldAnswers<Found>();
  const repo = { findSession: vi.fn(store.read), revokeSession: vi.fn(async () => undefined) };
  const sessions = new SessionGuard(repo as unknown as SessionRepo, unitsRunAtOnce, new CacheRegistry());
  const live = { revoked_at: null, expires_at: new Date(Date.now() + 3_600_000) };
  return { sessions, repo, answer: (row: Found = live) => store.answer(row) };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('SessionGuard', () => {
  it("keeps a session's other calls going on the last answer while one caller checks it again", async () => {
    vi.useFakeTimers();
    const { sessions, repo, answer } = guard();
    const first = sessions.isLive('s1', '000000');
    answer();
    expect(await first).toBe(true);
    vi.advanceTimersByTime(2_500);

    const checking = sessions.isLive('s1', '000000');
    expect(checking).toBeInstanceOf(Promise);
    expect(sessions.isLive('s1', '000000')).toBe(true);
    expect(repo.findSession).toHaveBeenCalledTimes(2);
    answer({ revoked_at: new Date(), expires_at: new Date(Date.now() + 3_600_000) });
    expect(await checking).toBe(false);
    expect(sessions.isLive('s1', '000000')).toBe(false);
  });

  it('refuses a revoked session at once, with no last answer to fall back on', async () => {
    const { sessions, answer } = guard();
    const first = sessions.isLive('s2', '000000');
    answer();
    expect(await first).toBe(true);
    await sessions.revoke('s2', 'logout');
    expect(sessions.isLive('s2', '000000')).toBe(false);
  });
});
