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

describe.each(["move", "wasm"] as const)("EVM routes on a %s chain", (vmType) => {
  const database = useTestDatabase();
  const url = serveForTests(() =>
    createTestApp({ db: database().db, chain: { chainId: "m-1", prefix: "init", vmType } }),
  );

  it.each(paths)("%s answers the reference's 404", async (p) => {
    const res = await fetch(`${url()}${p}`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      code: 5,
      message: "evm routes are not available on this chain",
      details: [],
    });
  });
});
