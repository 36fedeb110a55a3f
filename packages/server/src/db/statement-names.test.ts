import { describe, expect, it } from "vitest";
import { createStatementNamer } from "./statement-names.js";

describe("statement names", () => {
  it("names a parameterized text the same way every time, and each text its own way", () => {
    const name = createStatementNamer();
    const a = name("SELECT data FROM tx WHERE hash = $1", [Buffer.alloc(32)]);
    const b = name("SELECT data FROM evm_tx WHERE hash = $1", ["x"]);
    expect(a).toMatch(/^weft_\d+$/);
    expect(b).toMatch(/^weft_\d+$/);
    expect(b).not.toBe(a);
    expect(name("SELECT data FROM tx WHERE hash = $1", [Buffer.alloc(32, 1)])).toBe(a);
  });

  it("leaves statements without parameters unnamed (DDL and literals would use names up)", () => {
    const name = createStatementNamer();
    expect(name("SELECT 1", undefined)).toBeUndefined();
    expect(name("CREATE TABLE tx_p7 PARTITION OF tx FOR VALUES FROM (1) TO (2)", [])).toBeUndefined();
  });

  it("names at most `limit` texts; the rest run unnamed and the named ones keep their names", () => {
    const name = createStatementNamer(2);
    const first = name("SELECT $1::int", [1]);
    const second = name("SELECT $1::text", ["a"]);
    expect(name("SELECT $1::bigint", [1n])).toBeUndefined();
    expect(name("SELECT $1::int", [2])).toBe(first);
    expect(name("SELECT $1::text", ["b"])).toBe(second);
  });
});
