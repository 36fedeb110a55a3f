import { describe, expect, it } from "vitest";
import { bech32Encode, hexToBytes } from "./bech32.js";

describe("bech32Encode", () => {
  it("spells one 20-byte account with each chain's prefix (vectors checked with the bech32 package)", () => {
    const bytes = hexToBytes("0x4940eeaea7fb5061ee1060581b4579e9ffe56ed0");
    expect(bech32Encode("init", bytes)).toBe("init1f9qwat48ldgxrmssvpvpk3tea8l72mksvzm62v");
    expect(bech32Encode("cosmos", bytes)).toBe("cosmos1f9qwat48ldgxrmssvpvpk3tea8l72mksz5mfpw");
  });

  it("matches BIP-173's valid test vector for an empty payload", () => {
    expect(bech32Encode("a", new Uint8Array())).toBe("a12uel5l");
  });
});
