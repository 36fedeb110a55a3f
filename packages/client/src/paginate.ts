/**
 * Walks every page of a list endpoint by following `pagination.next_key`, for cursor and offset keys
 * alike. Stops on a null, missing or empty `next_key`, and on an empty page, so it also ends cleanly
 * against the reference indexer, which sends a `next_key` on its short last page.
 */
export interface Page<T> {
  items: T[];
  nextKey: string | null | undefined;
}

export interface PaginateOptions {
  /** Stops the walk; the pending request is aborted and the iterator throws the abort reason. */
  signal?: AbortSignal;
  /** Safety stop for servers that never end. @default Infinity */
  maxPages?: number;
}

/**
 * @param fetchPage fetches the page at `key` (undefined for the first page).
 * @throws when the server hands out the same key twice (it would loop forever).
 */
export async function* paginate<T>(
  fetchPage: (key: string | undefined, signal: AbortSignal | undefined) => Promise<Page<T>>,
  options: PaginateOptions = {},
): AsyncGenerator<T, void, undefined> {
  const seen = new Set<string>();
  let key: string | undefined;
  for (let page = 0; page < (options.maxPages ?? Number.POSITIVE_INFINITY); page++) {
    options.signal?.throwIfAborted();
    const { items, nextKey } = await fetchPage(key, options.signal);
    for (const item of items) {
      options.signal?.throwIfAborted();
      yield item;
    }
    if (!nextKey || items.length === 0) return;
    if (seen.has(nextKey)) throw new Error(`pagination loop: the server returned next_key ${nextKey} twice`);
    seen.add(nextKey);
    key = nextKey;
  }
}

interface ListResponse {
  pagination?: { next_key?: string | null } | null;
}

/**
 * `paginate` over an openapi-fetch call: `call(key)` performs the request with `pagination.key`
 * set, `items(data)` picks the list out of the body.
 */
export function paginateResponses<D extends ListResponse, T>(
  call: (
    key: string | undefined,
    signal: AbortSignal | undefined,
  ) => Promise<{ data?: D; error?: unknown; response: Response }>,
  items: (data: D) => T[] | null | undefined,
  options: PaginateOptions = {},
): AsyncGenerator<T, void, undefined> {
  return paginate(async (key, signal) => {
    const { data, error, response } = await call(key, signal);
    if (!data) {
      const message = (error as { message?: string } | undefined)?.message ?? response.statusText;
      throw new Error(`page request failed with HTTP ${response.status}: ${message}`);
    }
    return { items: items(data) ?? [], nextKey: data.pagination?.next_key };
  }, options);
}
