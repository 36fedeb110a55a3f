import { describe, expect, it } from "vitest";
import { useIngestedChain } from "../_test/ingested-chain.js";
import { SYNTHETIC_CHAIN_ID } from "../_test/synthetic-chain.js";
import { createTestApp, serveForTests } from "../_test/test-app.js";
import { useTestDatabase } from "../_test/test-database.js";

const database = useTestDatabase();
useIngestedChain(database, { blocks: 5 });
// EVM, so the evm-txs and evm-internal-txs by_height routes exist too.
const url = serveForTests(() =>
  createTestApp({ db: database().db, chain: { chainId: SYNTHETIC_CHAIN_ID, prefix: "init", vmType: "evm" } }),
);

const ROUTES = [
  "/indexer/block/v1/blocks/",
  "/indexer/tx/v1/txs/by_height/",
  "/indexer/tx/v1/evm-txs/by_height/",
  "/indexer/tx/v1/evm-internal-txs/by_height/",
];

describe("a height in the path", () => {
  // Fuzzing found each of these answered 500 on the by_height lists (Postgres refused the text).
  const bad = ["1e5", "5.0", "0x10", "0b11", "9223372036854775808", "99999999999999999999", "0", "-1", "%20"];

  it.each(ROUTES)(
    "%s: any spelling but a positive decimal bigint is a 400 naming the height",
    async (route) => {
      for (const height of bad) {
        const res = await fetch(`${url()}${route}${height}`);
        expect(res.status, `${route}${height}`).toBe(400);
        const body = (await res.json()) as { code: number; message: string; details: { field: string }[] };
        expect(body.message, `${route}${height}`).toMatch(/height/);
        expect(body.details.map((d) => d.field)).toContain("path.height");
      }
      const ok = await fetch(`${url()}${route}3`);
      expect(ok.status).toBe(200);
      // The largest height each route's contract admits: a block's path pattern stops at 18 digits
      // (so that every height it admits is a bigint the server accepts: Schemathesis sends them all);
      // the by_height lists take any bigint.
      const largest = route === "/indexer/block/v1/blocks/" ? "999999999999999999" : "9223372036854775807";
      const max = await fetch(`${url()}${route}${largest}`);
      expect([200, 404]).toContain(max.status);
    },
  );
});
