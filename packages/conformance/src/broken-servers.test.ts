/**
 * The suite must catch what it claims to catch: each deliberately broken server (a proxy in front
 * of a real Weft breaking exactly one rule) makes exactly its check fail, and nothing else.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Handler, json, startBrokenServer } from "./_test/broken-proxy.js";
import { BROKEN_VARIANTS } from "./_test/broken-variants.js";
import { expectOnlyFails } from "./_test/only-fails.js";
import { startWeftDev, type WeftDev } from "./_test/weft-dev.js";
import { runConformance } from "./run-conformance.js";

let weft: WeftDev;

beforeAll(async () => {
  weft = await startWeftDev();
}, 120_000);

afterAll(async () => {
  await weft?.stop();
});

describe("deliberately broken servers", () => {
  it("has at least 15 variants, each naming a distinct rule", () => {
    expect(BROKEN_VARIANTS.length).toBeGreaterThanOrEqual(15);
    expect(new Set(BROKEN_VARIANTS.map((v) => v.name)).size).toBe(BROKEN_VARIANTS.length);
  });

  it.each(BROKEN_VARIANTS)("$name: only $fails fails", async (variant) => {
    const server = await startBrokenServer(weft.url, variant.handle);
    try {
      await expectOnlyFails(server.url, variant.fails);
    } finally {
      await server.close();
    }
  });
});

/**
 * Changes a compatible deployment may make without breaking any client: each must leave the strict
 * suite without a failure, so the laws judge the contract and not Weft's incidental bytes.
 */
const HARMLESS: { name: string; handle: Handler }[] = [
  {
    name: "JSON without a charset parameter",
    handle: async (req) => {
      const r = await req.forward();
      return r.contentType.startsWith("application/json") ? { ...r, contentType: "application/json" } : r;
    },
  },
  {
    name: "pretty-printed JSON (two-space indent, trailing newline)",
    handle: async (req) => {
      const r = await req.forward();
      if (!r.contentType.startsWith("application/json") || r.body === "") return r;
      return { ...r, body: `${JSON.stringify(JSON.parse(r.body), null, 2)}\n` };
    },
  },
  {
    name: "extra response headers (server, caching, tracing, a cookie)",
    handle: async (req) => {
      const r = await req.forward();
      return {
        ...r,
        headers: {
          ...r.headers,
          server: "nginx/1.25.3",
          "cache-control": "public, max-age=1",
          etag: 'W/"5e-1a2b3c"',
          "x-request-id": "3f9c2a4e-0d1b-4c1e-9a57-6b2f1d0e8c11",
          "set-cookie": "lb=a1; Path=/; HttpOnly",
        },
      };
    },
  },
];

describe("harmless changes", () => {
  it.each(HARMLESS)("$name: the strict suite still passes", async ({ handle }) => {
    const server = await startBrokenServer(weft.url, handle);
    try {
      const report = await runConformance({ indexerUrl: server.url, profile: "strict", concurrency: 8 });
      expect(report.results.filter((r) => r.status === "fail").map((r) => `${r.id}: ${r.reason}`)).toEqual(
        [],
      );
      expect(report.results.filter((r) => r.status === "pass").length).toBeGreaterThan(100);
      expect(report.ok).toBe(true);
    } finally {
      await server.close();
    }
  });
});

describe("the reference's own quirks", () => {
  /** Every `nfts.length` in a JSON body one lower: the reference's stored count lagging its tokens. */
  const lagCounts = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(lagCounts);
    if (typeof value !== "object" || value === null) return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, v]) => {
        const length = (v as { length?: unknown } | null)?.length;
        if (key === "nfts" && Number(length) > 0)
          return [key, { ...(v as object), length: Number(length) - 1 }];
        return [key, lagCounts(v)];
      }),
    );
  };
  const EMPTY_PAGE = { next_key: null, total: "0" };
  /** Weft answering what it is asked the way the real reference (rollytics v1.0.55-4) does. */
  const referenceLike = () =>
    startBrokenServer(weft.url, async (req) => {
      const path = req.url.pathname;
      if (req.method === "GET" && path === "/swagger/doc.json")
        return json(200, { swagger: "2.0", info: { title: "Rollytics API" }, paths: { "/status": {} } });
      // One type per `msgs=`: a comma-separated value is a type it never saw, dropped.
      const msgs = req.url.searchParams.getAll("msgs");
      if (msgs.some((m) => m.includes(","))) {
        req.url.searchParams.delete("msgs");
        for (const m of msgs.filter((m) => !m.includes(","))) req.url.searchParams.append("msgs", m);
      }
      // Its msgs query fails whenever it also bounds the sequence: every well-formed filter on
      // by_account, a paged one on by_height (malformed ones are refused before the query).
      const wellFormed = msgs.some((m) => /^[\w]+(\.[\w]+)+$/.test(m));
      const paged = req.url.searchParams.has("pagination.key");
      if (
        wellFormed &&
        (path.startsWith("/indexer/tx/v1/txs/by_account/") ||
          (path.startsWith("/indexer/tx/v1/txs/by_height/") && paged))
      )
        return { status: 500, contentType: "text/plain; charset=utf-8", body: "Internal Server Error" };
      const reply = await req.forward();
      if (!path.startsWith("/indexer/nft/v1/collections") || reply.status !== 200) return reply;
      // Path parameters are not percent-decoded: a name with a space is never found (an empty page,
      // its previous key still made from the offset).
      if (path.startsWith("/indexer/nft/v1/collections/by_name/") && path.includes("%20")) {
        const { pagination } = JSON.parse(reply.body) as { pagination: { previous_key: string | null } };
        return json(200, {
          collections: [],
          pagination: { ...EMPTY_PAGE, previous_key: pagination.previous_key },
        });
      }
      return json(200, lagCounts(JSON.parse(reply.body)));
    });
  const quirks = [
    "contract.getSwaggerDoc",
    "filter.msgs.listTxsByAccount",
    "filter.msgs-union.listTxs",
    "consistency.collection-supply",
  ];

  it("are tolerated by the reference profile (each a pass or a named skip) and fail the strict one", async () => {
    const server = await referenceLike();
    try {
      const [reference, strict] = await Promise.all([
        runConformance({ indexerUrl: server.url, profile: "reference", concurrency: 8 }),
        runConformance({ indexerUrl: server.url, profile: "strict", concurrency: 8 }),
      ]);
      expect(reference.results.filter((r) => r.status === "fail").map((r) => `${r.id}: ${r.reason}`)).toEqual(
        [],
      );
      const byId = new Map(reference.results.map((r) => [r.id, r]));
      expect(byId.get("contract.getSwaggerDoc")).toMatchObject({ status: "pass" });
      expect(byId.get("filter.msgs.listTxsByAccount")).toMatchObject({ status: "skip" });
      expect(byId.get("filter.msgs.listTxsByAccount")?.reason).toContain("known defect");
      expect(byId.get("filter.msgs-union.listTxs")?.reason).toContain("repeated msgs only");
      expect(byId.get("consistency.collection-supply")).toMatchObject({ status: "skip" });
      expect(byId.get("lookup.by-name-case")).toMatchObject({ status: "pass" });
      const strictFailed = strict.results.filter((r) => r.status === "fail").map((r) => r.id);
      expect(strictFailed).toEqual(expect.arrayContaining(quirks));
    } finally {
      await server.close();
    }
  });
});
