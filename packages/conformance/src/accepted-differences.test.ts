import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { createAcceptance, loadAcceptedDifferences } from "./accepted-differences.js";
import { createContract } from "./contract.js";

const SHIPPED = fileURLToPath(new URL("../accepted/rollytics.json", import.meta.url));

describe("the shipped accepted differences of the reference indexer (accepted/rollytics.json)", () => {
  const entries = loadAcceptedDifferences(SHIPPED);

  it("parses, gives every entry a reason, and names only operations of the contract", () => {
    expect(entries.length).toBeGreaterThan(5);
    const operations = new Set(createContract().operations.map((op) => op.operationId));
    for (const entry of entries) {
      expect(entry.reason.length).toBeGreaterThan(20);
      if (entry.operation) expect(operations, entry.operation).toContain(entry.operation);
    }
  });

  it("accepts the jsonb key order of stored txs but not a value that differs inside them", () => {
    const accept = createAcceptance(entries);
    const place = { operationId: "listTxs", path: "/indexer/tx/v1/txs", pointer: "/txs/3/tx/body" };
    expect(accept({ ...place, kind: "key-order" })?.reason).toContain("jsonb");
    expect(accept({ ...place, kind: "value" })).toBeUndefined();
    expect(
      accept({ operationId: "getStatus", path: "/status", pointer: "/height", kind: "value" }),
    ).toBeUndefined();
  });
});
