import { whenCommitted } from '../../db/scope.ts';
import type { Bus } from '../bus/index.ts';
import type { Invalidation } from './cache.ts';
import type { CacheRegistry } from './cache-registry.ts';

export const CACHE_TOPIC = 'cache';

function isInvalidation(value: unknown): value is Invalidation {
  if (value === null || typeof value !== 'object') {
    return false;
  }
  const change = value as Record<string, unknown>;
  return typeof change.cache === 'string' && (typeof change.key === 'string' || change.all === true);
}

/**
 * Every drop a service makes reaches the same cache in every process through the bus, once the change behind it has
 * committed. This process dropped it at once, and drops it again as the change commits (before the call answers):
 * a read that ran between the two saw the data before the change and must not stay cached. A process that may have
 * missed drops clears all its caches.
 */
export function shareDrops(caches: CacheRegistry, bus: Bus): () => void {
  const stopAnnouncing = caches.onInvalidate((change) => {
    whenCommitted(() => caches.apply(change));
    bus.publish(CACHE_TOPIC, change, { once: true });
  });
  const stopHearing = bus.subscribe(CACHE_TOPIC, {
    ownFrames: false,
    deliver: (value) => {
      if (isInvalidation(value)) {
        caches.apply(value);
      }
    },
    resync: () => caches.dropAll(),
  });
  return () => {
    stopAnnouncing();
    stopHearing();
  };
}
