/**
 * A small in-process cache of successful GET responses, keyed by the full URL, as the reference
 * indexer does (1 s for lists, 10 s for single items). It absorbs bursts of identical requests
 * (explorer home pages, wallet polling) without touching Postgres; each replica has its own.
 */
export interface CachedResponse {
  body: string;
  expiresAt: number;
}

export interface ResponseCache {
  get(key: string): string | undefined;
  set(key: string, body: string, ttlMs: number): void;
  readonly size: number;
}

/** Entries kept at most; the oldest go first (Map iteration order is insertion order). */
const DEFAULT_MAX_ENTRIES = 5_000;
/** Bodies larger than this are not worth the memory (a 1000-tx page). */
const MAX_CACHED_BODY_BYTES = 512 * 1024;

export function createResponseCache(
  options: { maxEntries?: number; maxBytes?: number; now?: () => number } = {},
): ResponseCache {
  const entries = new Map<string, CachedResponse>();
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  return {
    get(key) {
      const hit = entries.get(key);
      if (!hit) return undefined;
      if (hit.expiresAt <= now()) {
        entries.delete(key);
        return undefined;
      }
      return hit.body;
    },
    set(key, body, ttlMs) {
      if (ttlMs <= 0 || body.length > MAX_CACHED_BODY_BYTES) return;
      entries.delete(key);
      entries.set(key, { body, expiresAt: now() + ttlMs });
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
    },
    get size() {
      return entries.size;
    },
  };
}
