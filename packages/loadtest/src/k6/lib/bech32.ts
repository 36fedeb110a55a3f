/**
 * bech32 encoding (BIP-173) for k6 scripts, which cannot import npm packages: router-flow spells
 * one account in each chain's address format (the prefix /v2/info/chains reports) so /msgs can be
 * called on any router without ADDRESS_<CHAIN_ID> variables. Plain TypeScript, no k6 or Node APIs.
 */
const CHARSET = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";
const GENERATORS = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];

function polymod(values: number[]): number {
  let chk = 1;
  for (const v of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ v;
    GENERATORS.forEach((g, i) => {
      if ((top >>> i) & 1) chk ^= g;
    });
  }
  return chk;
}

/** 8-bit bytes to 5-bit words, the last one zero-padded. */
function toWords(bytes: Uint8Array): number[] {
  const words: number[] = [];
  let acc = 0;
  let bits = 0;
  for (const b of bytes) {
    acc = (acc << 8) | b;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      words.push((acc >>> bits) & 31);
    }
  }
  if (bits > 0) words.push((acc << (5 - bits)) & 31);
  return words;
}

export function bech32Encode(prefix: string, bytes: Uint8Array): string {
  const hrp = prefix.toLowerCase();
  const words = toWords(bytes);
  const expanded = [...hrp].map((c) => c.charCodeAt(0) >> 5);
  expanded.push(0, ...[...hrp].map((c) => c.charCodeAt(0) & 31));
  const mod = polymod([...expanded, ...words, 0, 0, 0, 0, 0, 0]) ^ 1;
  const checksum = [0, 1, 2, 3, 4, 5].map((i) => (mod >>> (5 * (5 - i))) & 31);
  return `${hrp}1${[...words, ...checksum].map((w) => CHARSET[w]).join("")}`;
}

export function hexToBytes(hex: string): Uint8Array {
  const clean = hex.replace(/^0x/, "");
  return Uint8Array.from({ length: clean.length / 2 }, (_, i) =>
    Number.parseInt(clean.slice(2 * i, 2 * i + 2), 16),
  );
}
