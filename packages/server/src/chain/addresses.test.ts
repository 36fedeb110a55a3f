import { describe, expect, it } from "vitest";
import { decodeAddress, decodeTxHash, toBech32, toHexAddress } from "./addresses.js";

const twenty = Buffer.from(
  "00000000000000000000000000000000000000aa".replace(/^0+/, "").padStart(40, "0"),
  "hex",
);

describe("decodeAddress", () => {
  const bytes20 = Buffer.from("1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d", "hex");
  const bech = toBech32(bytes20, "init");

  it("accepts bech32 and hex forms of the same account", () => {
    expect(bech.startsWith("init1")).toBe(true);
    for (const form of [
      bech,
      bech.toUpperCase(),
      "0x1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d",
      "1A2B3C4D5E6F708192A3B4C5D6E7F8091A2B3C4D",
    ]) {
      expect(decodeAddress(form, "init")).toEqual(bytes20);
    }
  });

  it("left-pads unpadded hex to 20 or 32 bytes, as Move object addresses arrive", () => {
    expect(decodeAddress("0xaa", "init")).toEqual(twenty);
    const object = `0x${"0".repeat(10)}${"ab".repeat(27)}`;
    const unpadded = `0x${"ab".repeat(27)}`;
    expect(decodeAddress(unpadded, "init")).toEqual(Buffer.from(object.slice(2), "hex"));
    expect(decodeAddress(object, "init")?.length).toBe(32);
  });

  it("round-trips 32-byte bech32", () => {
    const bytes32 = Buffer.alloc(32, 7);
    expect(decodeAddress(toBech32(bytes32, "init"), "init")).toEqual(bytes32);
  });

  it.each([
    "cosmos1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lzv7xu",
    "init1notvalid",
    "0xzz",
    "",
    `0x${"1".repeat(65)}`,
  ])("refuses %j", (raw) => {
    expect(decodeAddress(raw, "init")).toBeUndefined();
  });
});

describe("decodeTxHash / toHexAddress", () => {
  it("accepts a hash with or without 0x in any case, and refuses other lengths or digits", () => {
    const hex = "ab".repeat(32);
    expect(decodeTxHash(`0x${hex.toUpperCase()}`)).toEqual(Buffer.from(hex, "hex"));
    expect(decodeTxHash(hex)).toEqual(Buffer.from(hex, "hex"));
    for (const raw of ["abc", `0x${hex}00`, `0x${"zz".repeat(32)}`, ""])
      expect(decodeTxHash(raw)).toBeUndefined();
  });

  it("formats hex addresses lower-case with 0x", () => {
    expect(toHexAddress(twenty)).toBe("0x00000000000000000000000000000000000000aa");
  });
});
