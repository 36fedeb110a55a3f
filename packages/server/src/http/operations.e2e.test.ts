import { describe, expect, it } from "vitest";
import { createTestApp } from "../_test/test-app.js";
import { useTestDatabase } from "../_test/test-database.js";
import { loadSpecDocument } from "../spec-document.js";

/**
 * The ledger of documented operations this server does not serve yet (they answer 501). It may only
 * shrink: a new operation in the spec comes with its handler, or is added here on purpose.
 */
const NOT_YET_IMPLEMENTED: string[] = [];

describe("operations of the contract", () => {
  const database = useTestDatabase();

  it("has a handler for every documented operation but the ledger's", () => {
    const app = createTestApp({ db: database().db });
    expect(app.locals.unimplementedOperations).toEqual(NOT_YET_IMPLEMENTED);
  });

  it("answers a documented but unbuilt operation with 501", async () => {
    const spec = loadSpecDocument();
    spec.paths["/indexer/future/v1/thing"] = {
      get: { operationId: "getFutureThing", tags: ["Tx"], responses: { "200": { description: "ok" } } },
    };
    const app = createTestApp({ db: database().db, spec });
    expect(app.locals.unimplementedOperations).toEqual([...NOT_YET_IMPLEMENTED, "getFutureThing"]);
    const server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    const port = (server.address() as { port: number }).port;
    const res = await fetch(`http://127.0.0.1:${port}/indexer/future/v1/thing`);
    server.close();
    expect(res.status).toBe(501);
    expect(await res.json()).toEqual({
      code: 12,
      message: "getFutureThing is documented but not implemented by this server yet",
      details: [],
    });
  });
});
