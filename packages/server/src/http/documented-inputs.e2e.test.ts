/**
 * What the document says about request inputs holds on the live app (issue 41): every parameter
 * example is a value its operation accepts (the docs' "Try it out" pre-fills them), the shared 400
 * examples are the server's own answers, every list answers a key it did not issue with a 400
 * naming `pagination.key` (not page 1), and a bad height gets one wording on every route.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useIngestedChain } from "../_test/ingested-chain.js";
import { type Json, type SpecOperation, specOperations } from "../_test/spec-fuzz-cases.js";
import { SYNTHETIC_CHAIN_ID } from "../_test/synthetic-chain.js";
import { createTestApp } from "../_test/test-app.js";
import { useTestDatabase } from "../_test/test-database.js";
import type { App } from "../app.js";
import { loadRegistry } from "../router/registry/load-registry.js";
import { loadSpecDocument } from "../spec-document.js";

const database = useTestDatabase();
useIngestedChain(database, { blocks: 3 });

const doc = loadSpecDocument();
const operations = specOperations(doc);

interface Served {
  url: string;
  close(): Promise<void>;
}

function serve(app: App): Promise<Served> {
  const server = app.listen(0, "127.0.0.1");
  return new Promise((resolve) =>
    server.once("listening", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    }),
  );
}

let move: Served;
let evm: Served;
beforeAll(async () => {
  // The examples name Initia's testnet (initiation-2); its nodes are not reached (fetch fails at once).
  const router = {
    registry: loadRegistry("initia-testnet"),
    fetch: (() => Promise.reject(new TypeError("fetch failed"))) as typeof fetch,
    balanceTimeoutMs: 500,
  };
  const db = database().db;
  const chain = (vmType: "move" | "evm") => ({ chainId: SYNTHETIC_CHAIN_ID, prefix: "init", vmType });
  move = await serve(createTestApp({ db, router, chain: chain("move") }));
  evm = await serve(createTestApp({ db, router, chain: chain("evm") }));
});
afterAll(async () => {
  await Promise.all([move?.close(), evm?.close()]);
});

/** EVM operations answer 404 on other chains: each operation is asked of the app it runs on. */
const baseOf = (op: SpecOperation) => (/evm/i.test(op.operationId) ? evm.url : move.url);

/** Every documented example of a parameter: `example`, each of `examples`, the schema's `example`. */
function examplesOf(p: SpecOperation["parameters"][number]): unknown[] {
  const raw = p as { example?: unknown; examples?: Record<string, { value?: unknown }> };
  const list: unknown[] = [];
  if (raw.example !== undefined) list.push(raw.example);
  for (const e of Object.values(raw.examples ?? {})) if (e.value !== undefined) list.push(e.value);
  if (p.schema?.example !== undefined) list.push(p.schema.example);
  return list;
}

/** Spec examples of path parameters may be written percent-encoded already (`evm%2F...`). */
const pathValue = (value: unknown) => {
  try {
    return encodeURIComponent(decodeURIComponent(String(value)));
  } catch {
    return encodeURIComponent(String(value));
  }
};

/**
 * The operation's URL: path parameters and required query parameters at their first example unless
 * given, then `query`.
 */
function urlOf(op: SpecOperation, options: { path?: Record<string, unknown>; query?: [string, unknown][] }) {
  let url = op.template;
  for (const p of op.parameters.filter((q) => q.in === "path")) {
    const value = options.path?.[p.name] ?? examplesOf(p)[0] ?? "1";
    url = url.replace(`{${p.name}}`, pathValue(value));
  }
  const given = options.query ?? [];
  const required = op.parameters
    .filter((p) => p.in === "query" && (p as { required?: boolean }).required)
    .filter((p) => !given.some(([name]) => name === p.name))
    .map((p): [string, unknown] => [p.name, examplesOf(p)[0]]);
  const pairs = [...required, ...given].flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value]).map(
      (v) => `${encodeURIComponent(name)}=${encodeURIComponent(String(v))}`,
    ),
  );
  return pairs.length ? `${url}?${pairs.join("&")}` : url;
}

async function send(op: SpecOperation, url: string): Promise<{ status: number; body: Json }> {
  const body = op.body === undefined ? undefined : JSON.stringify(op.body);
  const res = await fetch(`${baseOf(op)}${url}`, {
    method: op.method,
    ...(body === undefined ? {} : { body, headers: { "content-type": "application/json" } }),
  });
  const text = await res.text();
  return { status: res.status, body: text.startsWith("{") ? (JSON.parse(text) as Json) : text };
}

const SKIPPED = new Set(["getMetrics", "getSwaggerDoc"]);

describe("every parameter example of the document", () => {
  const cases = operations
    .filter((op) => !SKIPPED.has(op.operationId))
    .flatMap((op) =>
      op.parameters
        .filter((p) => p.in === "path" || p.in === "query")
        .flatMap((p) =>
          examplesOf(p).map((value) => ({
            label: `${op.operationId} ${p.in}.${p.name}=${JSON.stringify(value)}`,
            op,
            url:
              p.in === "path"
                ? urlOf(op, { path: { [p.name]: value } })
                : urlOf(op, { query: [[p.name, value]] }),
          })),
        ),
    );

  it("covers every pagination.key example", () => {
    const keyed = cases.filter((c) => c.label.includes("query.pagination.key="));
    expect(keyed.length).toBeGreaterThanOrEqual(2 * 18);
  });

  it.each(cases)("$label is accepted", async ({ op, url }) => {
    const { status, body } = await send(op, url);
    expect(status, `${url}: ${JSON.stringify(body)}`).not.toBe(400);
  });
});

describe("the shared 400 examples (components/responses/bad-request.yaml)", () => {
  const responses = (doc.components ?? {}) as {
    responses: Record<
      string,
      { content: { "application/json": { examples: Record<string, { value: Json }> } } }
    >;
  };
  const examples = responses.responses["bad-request"]?.content["application/json"].examples ?? {};
  const listTxs = operations.find((op) => op.operationId === "listTxs") as SpecOperation;

  it.each([
    ["limit", "pagination.limit", "0"],
    ["key", "pagination.key", "%%%"],
  ])("%s is what the server answers", async (name, param, value) => {
    expect(await send(listTxs, urlOf(listTxs, { query: [[param, value]] }))).toEqual({
      status: 400,
      body: examples[name]?.value,
    });
  });
});

describe("a pagination.key the list did not issue", () => {
  const FIX = "; pass the next_key of a previous page, or no key for the first page";
  const lists = operations.filter((op) => op.parameters.some((p) => p.name === "pagination.key"));
  const b64 = (text: string) => Buffer.from(text).toString("base64");
  /** Every list's own cursor, each refused by the lists that issue another. */
  const cursors = ['{"sequence":1}', '{"height":1}', '{"height":1,"token_id":"1"}', '{"amount":"1"}'];

  it("is checked on every list (18 in the spec)", () => {
    expect(lists.length).toBe(18);
  });

  it.each(lists)('$operationId answers {"foo":1} with a 400 naming pagination.key', async (op) => {
    const { status, body } = await send(op, urlOf(op, { query: [["pagination.key", "eyJmb28iOjF9"]] }));
    expect(status).toBe(400);
    const description = (body as { details: { description: string }[] }).details[0]?.description ?? "";
    expect(description).toMatch(/^this list's keys are base64 of \{.*\} or of a decimal offset; /);
    expect(body).toEqual({
      code: 3,
      message: `invalid pagination.key: ${description}`,
      details: [{ field: "query.pagination.key", description }],
    });
    expect(description.endsWith(FIX)).toBe(true);
  });

  it.each(lists)("$operationId takes exactly one of the lists' cursors", async (op) => {
    const statuses = await Promise.all(
      cursors.map(
        async (c) => (await send(op, urlOf(op, { query: [["pagination.key", b64(c)]] }))).status === 400,
      ),
    );
    expect(statuses.filter((refused) => !refused)).toHaveLength(1);
  });
});

describe("a bad height", () => {
  const routes = operations.filter((op) => op.parameters.some((p) => p.in === "path" && p.name === "height"));
  const body = {
    code: 3,
    message: "invalid height: must be a positive integer",
    details: [{ field: "path.height", description: "must be a positive integer" }],
  };

  it("is checked on every route taking one (getBlock and three by_height lists)", () => {
    expect(routes.map((op) => op.operationId).sort()).toEqual([
      "getBlock",
      "listEvmInternalTxsByHeight",
      "listEvmTxsByHeight",
      "listTxsByHeight",
    ]);
  });

  const values = ["abc", "0", "-1", "1.5", "1e5", "0x10", "9223372036854775808", "9".repeat(20)];
  it.each(routes.flatMap((op) => values.map((value) => ({ op, value, id: op.operationId }))))(
    "$id answers height=$value in the one wording",
    async ({ op, value }) => {
      expect(await send(op, urlOf(op, { path: { height: value } }))).toEqual({ status: 400, body });
    },
  );
});
