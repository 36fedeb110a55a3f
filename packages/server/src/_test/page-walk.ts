/**
 * Reads a test server's lists the way a client pages through them: `get` one path as JSON, `walk`
 * a list by following `pagination.next_key` until it is null, so a test can check that the pages
 * visit every row once and in order.
 */

export interface KeyPagination {
  previous_key: string | null;
  next_key: string | null;
  total: string;
}

/** At most this many pages per walk: a key that never ends fails the test instead of looping. */
const MAX_PAGES = 1000;

type ListPage = Record<string, unknown> & { pagination: KeyPagination };

export function pageWalker(baseUrl: () => string) {
  async function get<T>(path: string): Promise<{ status: number; body: T }> {
    const res = await fetch(`${baseUrl()}${path}`);
    return { status: res.status, body: (await res.json()) as T };
  }

  /**
   * Every row of the list field `list` of `path`, page after page, in the order served; from
   * `firstKey` when given.
   */
  async function walk<T>(path: string, list: string, firstKey?: string): Promise<T[]> {
    const out: T[] = [];
    let key: string | null = firstKey ?? null;
    const sep = path.includes("?") ? "&" : "?";
    for (let i = 0; i < MAX_PAGES; i++) {
      const suffix: string = key ? `${sep}pagination.key=${encodeURIComponent(key)}` : "";
      const { status, body }: { status: number; body: ListPage } = await get<ListPage>(`${path}${suffix}`);
      if (status !== 200) throw new Error(`GET ${path}${suffix}: ${status} ${JSON.stringify(body)}`);
      out.push(...(body[list] as T[]));
      key = body.pagination.next_key;
      if (!key) return out;
    }
    throw new Error(`${path}: still a next_key after ${MAX_PAGES} pages`);
  }

  return { get, walk };
}
