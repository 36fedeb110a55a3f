import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../_test/test-database.js";
import { arrayLiteral, withArrayLiterals } from "./array-literal.js";

const TRICKY_TEXTS = [
  "",
  "NULL",
  "null",
  'a "quoted" word',
  "back\\slash\\",
  '\\"',
  "a,b",
  "{braces}",
  " leading and trailing ",
  "tab\there\nnewline",
  "ünïcödé ✓ 🚀",
  '{"amount":"1","denom":"uinit"}',
  "/cosmos.bank.v1beta1.MsgSend",
];

describe("array literals, as Postgres reads them back", () => {
  const database = useTestDatabase();
  const roundTrip = async (type: string, values: unknown[], readAs?: string) => {
    const read = readAs ? `::${readAs}[]` : "";
    const { rows } = await database().db.pool.query(`SELECT ($1::${type}[])${read} AS v`, [
      arrayLiteral(values),
    ]);
    return rows[0].v as unknown[];
  };

  it("keeps every text exactly, quotes, backslashes, separators, NULL-like words and unicode included", async () => {
    expect(await roundTrip("text", TRICKY_TEXTS)).toEqual(TRICKY_TEXTS);
  });

  it("reads numbers, bigints, booleans, bytes and nulls as their types", async () => {
    expect(await roundTrip("int", [0, -1, 2_147_483_647])).toEqual([0, -1, 2_147_483_647]);
    expect(await roundTrip("bigint", ["9007199254740993", 12n, 3])).toEqual(["9007199254740993", "12", "3"]);
    // As text: this pool reads numeric arrays as JS numbers.
    expect(await roundTrip("numeric", ["340282366920938463463374607431768211455", "0"], "text")).toEqual([
      "340282366920938463463374607431768211455",
      "0",
    ]);
    expect(await roundTrip("boolean", [true, false, null])).toEqual([true, false, null]);
    const bytes = [Buffer.from("00ff10", "hex"), Buffer.alloc(0), Buffer.from("5c22", "hex")];
    expect(await roundTrip("bytea", bytes)).toEqual(bytes);
    expect(await roundTrip("text", [null, "x", undefined])).toEqual([null, "x", null]);
    expect(await roundTrip("text", [])).toEqual([]);
  });

  it("gives Postgres the same arrays node-postgres's own literals give it", async () => {
    const { pool } = database().db;
    const columns: [string, unknown[]][] = [
      ["text", TRICKY_TEXTS],
      ["int", [1, 2, 3]],
      ["boolean", [true, false]],
      ["bytea", [Buffer.from("deadbeef", "hex")]],
    ];
    for (const [type, values] of columns) {
      const { rows } = await pool.query(`SELECT $1::${type}[] IS NOT DISTINCT FROM $2::${type}[] AS same`, [
        arrayLiteral(values),
        values,
      ]);
      expect(rows[0].same, type).toBe(true);
    }
  });

  it("refuses what it cannot write rather than sending something else", () => {
    expect(() => arrayLiteral([Number.NaN])).toThrow("array element NaN is not a finite number");
    expect(() => arrayLiteral([{ a: 1 }])).toThrow("cannot write a [object Object] as an array element");
    expect(() => arrayLiteral([[1]])).toThrow("cannot write a [object Array] as an array element");
  });

  it("turns only the arrays of a parameter list into literals", () => {
    expect(withArrayLiterals(["chain", 3, [1, 2], ["a"]])).toEqual(["chain", 3, "{1,2}", '{"a"}']);
  });
});
