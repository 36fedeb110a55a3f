/**
 * A small in-process cache of successful GET responses, keyed by the full URL, as the reference
 * indexer does (1 s for lists, 10 s for single items). It absorbs bursts of identical requests
 * (explorer home pages, wallet polling) without touching Postgres; each replica has its own.
 *
 * Bounded in bytes, not entries: bodies range from 100 bytes to half a megabyte, so an entry count
 * that is harmless for small bodies pinned ~2 GB with 5 000 distinct pages of 370 kB (issue 16).
 * Expired entries are freed by a sweep even if never read again, so memory goes back after the TTL.
 */
/**
 * A response as it is written again: its body's bytes, encoded once when it was first answered (a hit
 * writes them as they are: no serialization, no encoding), and the route label of the operation that
 * made it (metrics label a hit with it).
 */
export interface CachedResponse {
  body: Buffer;
  route: string;
}

export interface ResponseCache {
  /**
   * The entry of `key`, unless it expired or was made under another `generation` than the one
   * given (entries set without one are judged by their TTL alone).
   */
  get(key: string, generation?: number): CachedResponse | undefined;
  /**
   * Keeps `body` for `ttlMs` (0: not at all); `route` labels its hits; `generation`, when given, is
   * the chain head's when the body was read (db/chain-head.ts): a newer head makes it stale.
   */
  set(key: string, body: Buffer, ttlMs: number, route?: string, generation?: number): void;
  readonly size: number;
  /** What the entries held now are counted as (see `entryBytes`). */
  readonly bytes: number;
  /** Stops the sweep timer (it is unref'd: a forgotten cache never holds the process open). */
  close(): void;
}

/** RESPONSE_CACHE_MAX_BYTES's default (config.ts). */
export const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;
/** Bodies larger than this are not worth the memory (a 1000-tx page), whatever the bound. */
const MAX_CACHED_BODY_BYTES = 512 * 1024;
/** Nor is one entry that would take more than this share of the bound (a tiny cache stays useful). */
const MAX_ENTRY_SHARE = 1 / 16;
/** A Map entry, the record, and two string headers, rounded up. */
const ENTRY_OVERHEAD_BYTES = 128;
/** How often every entry is checked for expiry (the TTLs are 1 s and 10 s). */
const SWEEP_INTERVAL_MS = 5_000;
/** On each set, at most this many of the oldest entries are checked for expiry (bounded work). */
const SWEEP_ON_SET = 8;

interface Entry extends CachedResponse {
  bytes: number;
  expiresAt: number;
  generation: number | undefined;
}

/** Any character above U+00FF makes V8 store the whole string two bytes a character. */
const WIDE_CHAR = /[\u0100-\uffff]/;

/** What V8 holds for a flat string (URLs are flat): 1 or 2 bytes a character. */
function stringBytes(s: string): number {
  return WIDE_CHAR.test(s) ? s.length * 2 : s.length;
}

/** The memory an entry keeps alive: its body's bytes, its key (held by the Map) and the bookkeeping. */
export function entryBytes(key: string, body: Buffer): number {
  return body.length + stringBytes(key) + ENTRY_OVERHEAD_BYTES;
}

export function createResponseCache(
  options: {
    /** @default DEFAULT_MAX_BYTES */
    maxBytes?: number;
    now?: () => number;
    /** @default SWEEP_INTERVAL_MS; 0 disables the timer (tests sweep by hand through `set`). */
    sweepIntervalMs?: number;
  } = {},
): ResponseCache {
  const entries = new Map<string, Entry>();
  const now = options.now ?? Date.now;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const maxEntryBytes = Math.min(MAX_CACHED_BODY_BYTES, Math.floor(maxBytes * MAX_ENTRY_SHARE));
  let bytes = 0;

  const remove = (key: string, entry: Entry) => {
    entries.delete(key);
    bytes -= entry.bytes;
  };

  /** Frees expired entries among the oldest `limit` (all when unbounded). */
  const sweep = (limit: number) => {
    const t = now();
    let checked = 0;
    for (const [key, entry] of entries) {
      if (checked++ >= limit) break;
      if (entry.expiresAt <= t) remove(key, entry);
    }
  };

  const interval = options.sweepIntervalMs ?? SWEEP_INTERVAL_MS;
  const timer = interval > 0 ? setInterval(() => sweep(Number.POSITIVE_INFINITY), interval) : undefined;
  timer?.unref();

  return {
    get(key, generation) {
      const hit = entries.get(key);
      if (!hit) return undefined;
      if (hit.expiresAt <= now() || (hit.generation !== undefined && hit.generation !== generation)) {
        remove(key, hit);
        return undefined;
      }
      return hit;
    },
    set(key, body, ttlMs, route = "", generation = undefined) {
      if (ttlMs <= 0) return;
      const size = entryBytes(key, body);
      if (size > maxEntryBytes) return;
      const previous = entries.get(key);
      if (previous) remove(key, previous);
      sweep(SWEEP_ON_SET);
      // Oldest first: Map iteration order is insertion order.
      for (const [oldest, entry] of entries) {
        if (bytes + size <= maxBytes) break;
        remove(oldest, entry);
      }
      entries.set(key, {
        body,
        route,
        bytes: size,
        expiresAt: now() + ttlMs,
        generation,
      });
      bytes += size;
    },
    get size() {
      return entries.size;
    },
    get bytes() {
      return bytes;
    },
    close() {
      clearInterval(timer);
    },
  };
}
