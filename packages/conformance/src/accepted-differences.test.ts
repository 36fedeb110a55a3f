import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { createAcceptance, type DifferencePlace, loadAcceptedDifferences } from "./accepted-differences.js";
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

  it("accepts the rich list's known differences by kind, each with the side that is right, and no other kind", () => {
    const accept = createAcceptance(entries);
    const at = (pointer: string, kind: DifferencePlace["kind"]) =>
      accept({ operationId: "listRichList", path: "/indexer/richlist/v1/GAS", pointer, kind })?.reason;
    expect(at("/holders/-", "record-extra")).toMatch(/^Weft is right: .*amount "0"/);
    expect(at("/holders/2", "record-order")).toMatch(/^Weft is right: .*by amount alone/);
    expect(at("/holders/16", "record-missing")).toContain("5 blocks behind");
    expect(at("/holders/21/amount", "value")).toContain("5 blocks behind");
    expect(at("/holders/21/amount", "type")).toBeUndefined();
    expect(at("/holders/21/account", "value")).toBeUndefined();
    expect(at("/holders/21", "key-missing")).toBeUndefined();
    expect(at("", "status")).toBeUndefined();
  });
});
