/**
 * After the TCP reach (reachability.ts), before any check: does the URL answer like an Initia
 * indexer? Against a static file server, another API, or a deployment failing every request, each
 * of ~300 checks fails on its own (4 000 lines quoting HTML bodies); one line naming what was asked
 * and what came back is the useful answer.
 *
 * Two requests every indexer answers, the reference included: one block of the block list, and
 * `/status`. Either in shape is enough: a young indexer answers `/status` 503 until its first block,
 * and a deployment breaking one of the two is the checks' to report, not this gate's.
 */
import { createProbe, type Exchange, type Query } from "./http-probe.js";
import { isRecord } from "./wire.js";

interface Signature {
  path: string;
  query: Query;
  /** Whether a 2xx JSON body has the shape; else what it lacks. */
  lacks(body: unknown): string | undefined;
}

const SIGNATURES: readonly Signature[] = [
  {
    path: "/indexer/block/v1/blocks",
    query: { "pagination.limit": "1" },
    lacks: (b) => (isRecord(b) && Array.isArray(b.blocks) ? undefined : "without a blocks array"),
  },
  {
    path: "/status",
    query: {},
    lacks: (b) =>
      isRecord(b) && typeof b.chain_id === "string" && "height" in b
        ? undefined
        : "without chain_id and height",
  },
];

/** Characters of an error body's `message` quoted (a 5xx often says why in it). */
const MESSAGE_CHARS = 80;

function answered(exchange: Exchange, lacks: string | undefined): string {
  if (exchange.status === 0) return `no answer (${exchange.error ?? "no response"})`;
  const type = exchange.mediaType || "without a content type";
  const message = isRecord(exchange.json) ? exchange.json.message : undefined;
  const said =
    typeof message === "string" && message !== ""
      ? ` ${JSON.stringify(message.length > MESSAGE_CHARS ? `${message.slice(0, MESSAGE_CHARS)}…` : message)}`
      : "";
  return `answered ${exchange.status} ${type}${lacks ? ` ${lacks}` : said}`;
}

export interface NotAnIndexerOptions {
  baseUrl: string;
  timeoutMs: number;
  /** @default globalThis.fetch */
  fetch?: typeof fetch;
}

/**
 * @returns `undefined` when `baseUrl` answers one of the two requests in shape (2xx JSON), else
 *   the one line to print: `http://x does not answer like an Initia indexer: GET
 *   /indexer/block/v1/blocks?pagination.limit=1 answered 404 text/html; GET /status answered 404 text/html`.
 */
export async function notAnIndexer(options: NotAnIndexerOptions): Promise<string | undefined> {
  const probe = createProbe(options);
  const outcomes = await Promise.all(
    SIGNATURES.map(async (signature) => {
      const exchange = await probe.get(signature.path, signature.query);
      const ok = exchange.status >= 200 && exchange.status < 300 && exchange.json !== undefined;
      const lacks = ok ? signature.lacks(exchange.json) : undefined;
      const asked = exchange.url.slice(options.baseUrl.replace(/\/+$/, "").length);
      return { fits: ok && lacks === undefined, said: `GET ${asked} ${answered(exchange, lacks)}` };
    }),
  );
  if (outcomes.some((o) => o.fits)) return undefined;
  return `${options.baseUrl} does not answer like an Initia indexer: ${outcomes.map((o) => o.said).join("; ")}`;
}
