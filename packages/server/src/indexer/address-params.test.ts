import { describe, expect, it } from "vitest";
import { ApiError } from "../api/errors.js";
import { parseAddress, parseTxHash } from "./address-params.js";

describe("parseAddress / parseTxHash errors", () => {
  it("names the parameter", () => {
    try {
      parseAddress("bogus", "init", "account");
      throw new Error("no error");
    } catch (err) {
      expect(err).toBeInstanceOf(ApiError);
      expect((err as ApiError).toBody()).toEqual({
        code: 3,
        message:
          "invalid account: expected a bech32 address (init1...) or 20- or 32-byte hex, with or without 0x",
        details: [{ field: "account", description: "not a bech32 or hex address" }],
      });
    }
  });

  it("accepts a hash with or without 0x in any case", () => {
    const hex = "ab".repeat(32);
    expect(parseTxHash(`0x${hex.toUpperCase()}`)).toEqual(Buffer.from(hex, "hex"));
    try {
      parseTxHash("abc");
      throw new Error("no error");
    } catch (err) {
      expect(err).toBeInstanceOf(ApiError);
      expect((err as ApiError).toBody()).toEqual({
        code: 3,
        message: "invalid tx_hash: expected 64 hex characters, with or without 0x",
        details: [{ field: "tx_hash", description: "not a 32-byte hex hash" }],
      });
    }
  });
});
