/**
 * Weft's Indexer API as the checks read it: plain GETs (any deployment, no client library in the way)
 * and whole lists walked page by page through `next_key`, the way the explorer does.
 */

const REQUEST_TIMEOUT_MS = 15_000;
const PAGE_LIMIT = 100;
const MAX_PAGES = 100;

export interface Answer<T> {
  status: number;
  body: T;
}

/** GET `base + path`; the body is parsed as JSON when it is JSON, else kept as text. */
export async function indexerGet<T = unknown>(base: string, path: string): Promise<Answer<T>> {
  const res = await fetch(`${base}${path}`, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: the check reports the text.
  }
  return { status: res.status, body: body as T };
}

/** GET that must answer 200; throws with the status and body otherwise. */
export async function indexerOk<T>(base: string, path: string): Promise<T> {
  const answer = await indexerGet<T>(base, path);
  if (answer.status !== 200) {
    throw new Error(`GET ${path} -> ${answer.status}: ${JSON.stringify(answer.body).slice(0, 500)}`);
  }
  return answer.body;
}

interface Page {
  pagination: { next_key: string | null };
}

/**
 * Every item of a list endpoint: `path` (with or without a query) is walked with `pagination.key`
 * until `next_key` is null or a page comes back empty.
 */
export async function walkList<T>(base: string, path: string, field: string): Promise<T[]> {
  const items: T[] = [];
  const sep = path.includes("?") ? "&" : "?";
  let key: string | null = null;
  for (let page = 0; page < MAX_PAGES; page++) {
    const query: string = `pagination.limit=${PAGE_LIMIT}${key ? `&pagination.key=${encodeURIComponent(key)}` : ""}`;
    const body = await indexerOk<Page & Record<string, T[]>>(base, `${path}${sep}${query}`);
    const found = body[field] ?? [];
    items.push(...found);
    key = body.pagination.next_key;
    if (!key || found.length === 0) return items;
  }
  throw new Error(`GET ${path}: more than ${MAX_PAGES} pages`);
}
