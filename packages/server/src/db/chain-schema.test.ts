import { describe, expect, it } from "vitest";
import { chainSchemaName, checkSchemaName, searchPathOption } from "./chain-schema.js";

describe("chainSchemaName", () => {
  it("keeps an Initia-shaped chain id readable", () => {
    expect(chainSchemaName("weft-devnet-1")).toBe("chain_weft_devnet_1");
    expect(chainSchemaName("initiation-2")).toBe("chain_initiation_2");
  });

  it("gives any other chain id a hashed name, so two chain ids never share a schema", () => {
    const names = ["a-b", "a_b", "A-b", "a--b", "-a-b", "a.b", "a-b-"].map(chainSchemaName);
    expect(new Set(names).size).toBe(names.length);
    expect(names[0]).toBe("chain_a_b");
    for (const name of names.slice(1)) expect(name).toMatch(/^chain_a_b__[0-9a-f]{8}$/);
  });

  it("stays within Postgres's 63 characters and stays unique when it truncates", () => {
    const long = "x".repeat(80);
    const [one, two] = [`${long}-1`, `${long}-2`].map(chainSchemaName);
    expect(one).toHaveLength(63);
    expect(one).not.toBe(two);
    expect(chainSchemaName("y".repeat(57))).toBe(`chain_${"y".repeat(57)}`);
    expect(chainSchemaName("y".repeat(58))).toMatch(/__[0-9a-f]{8}$/);
  });

  it("refuses an empty chain id", () => {
    expect(() => chainSchemaName("")).toThrow("a chain id is needed to name its schema");
  });
});

describe("checkSchemaName", () => {
  it("passes what every chainSchemaName gives and public", () => {
    for (const id of ["weft-devnet-1", "Ünï côde", "z".repeat(100), "0-start"])
      expect(checkSchemaName(chainSchemaName(id))).toBe(chainSchemaName(id));
    expect(searchPathOption("public")).toBe("-c search_path=public");
  });

  it("refuses names that would need quoting or that Postgres reserves", () => {
    for (const bad of ["Chain", "a b", "a;b", "1chain", "pg_chain", "", "a".repeat(64), 'a"b'])
      expect(() => checkSchemaName(bad), bad).toThrow(`invalid schema name ${JSON.stringify(bad)}`);
  });
});
