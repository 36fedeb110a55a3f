import { describe, expect, it } from "vitest";
import { createTestApp, serveForTests } from "../_test/test-app.js";
import { useTestDatabase } from "../_test/test-database.js";

const hash = `0x${"ab".repeat(32)}`;
const paths = [
  "/indexer/tx/v1/evm-txs",
  "/indexer/tx/v1/evm-txs/by_account/init1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5qypqxp",
  "/indexer/tx/v1/evm-txs/by_height/5",
  `/indexer/tx/v1/evm-txs/${hash}`,
  "/indexer/tx/v1/evm-internal-txs",
  "/indexer/tx/v1/evm-internal-txs/by_account/0x0000000000000000000000000000000000000001",
  "/indexer/tx/v1/evm-internal-txs/by_height/5",
  `/indexer/tx/v1/evm-internal-txs/${hash}`,
];

describe("EVM routes", () => {
  const database = useTestDatabase();
  const moveUrl = serveForTests(() =>
    createTestApp({ db: database().db, chain: { chainId: "m-1", prefix: "init", vmType: "move" } }),
  );

  it.each(paths)("%s answers the reference's 404 on a Move chain", async (p) => {
    const res = await fetch(`${moveUrl()}${p}`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      code: 5,
      message: "evm routes are not available on this chain",
      details: [],
    });
  });
});
