import type { CompiledQuery } from 'kysely';

/**
 * `db` as it is, except that every compiled query run through its `executeQuery` (the reusable statements of the
 * repos) is also kept in `seen`, for a test to look at the SQL a read sends.
 */
export function recordingDb<T extends object>(db: T): { db: T; seen: CompiledQuery[] } {
  const seen: CompiledQuery[] = [];
  const proxy = new Proxy(db, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (property === 'executeQuery' && typeof value === 'function') {
        return (query: CompiledQuery) => {
          seen.push(query);
          return value.call(target, query);
        };
      }
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { db: proxy, seen };
}
