/**
 * Which accounts a tx involves, as the reference decides it: the signer, plus every bech32 address
 * of the chain's prefix or 0x hex address (20 or 32 bytes) found in any event attribute value
 * (comma-separated lists included), every 0x hex run inside a Move event's `data` JSON (where Move
 * names NFT objects, recipients and stores), plus the address and address-shaped topics of EVM logs.
 * EVM `call` `ret` values are skipped (return data, not addresses). Addresses are normalised to bytes
 * (short hex left-padded to 20 bytes, as `0x1` is) and deduped.
 */
import { decodeAddress } from "../../chain/addresses.js";
import type { OutEvent } from "./tx-response.js";

const ADDRESS_TOPIC_PREFIX = "0x000000000000000000000000";
const HEX_ADDRESS = /^0x(?:[0-9a-fA-F]{40}|[0-9a-fA-F]{64})$/;
/** The reference's Move hex: any 0x run of 1-64 hex digits, anywhere in the data. */
const MOVE_HEX = /0x[0-9a-fA-F]{1,64}/g;

export interface AccountEdge {
  account: Buffer;
  signer: boolean;
}

interface Decoded {
  bytes: Buffer;
  hex: string;
}

/**
 * Addresses decoded before, by prefix and text: a chain's txs name the same accounts, modules and
 * contracts over and over, and decoding each mention again (bech32 words, a Buffer, its hex) was
 * ~6% of what weft ingest allocated on a devnet backfill (sampled). Bounded: emptied when full. The Buffers
 * are shared by the rows that name them and never written to.
 */
const MEMO_LIMIT = 50_000;
const memo = new Map<string, Decoded | null>();
const patterns = new Map<string, RegExp>();

function decodeOnce(candidate: string, prefix: string): Decoded | null {
  const key = `${prefix} ${candidate}`;
  let decoded = memo.get(key);
  if (decoded === undefined) {
    const bytes = decodeAddress(candidate, prefix);
    decoded = bytes ? { bytes, hex: bytes.toString("hex") } : null;
    if (memo.size >= MEMO_LIMIT) memo.clear();
    memo.set(key, decoded);
  }
  return decoded;
}

function bech32Pattern(prefix: string): RegExp {
  let pattern = patterns.get(prefix);
  if (!pattern) {
    pattern = new RegExp(`^${prefix}1(?:[a-z0-9]{38}|[a-z0-9]{58})$`);
    patterns.set(prefix, pattern);
  }
  return pattern;
}

export function accountEdges(events: OutEvent[], signer: Buffer | undefined, prefix: string): AccountEdge[] {
  const bech32Address = bech32Pattern(prefix);
  const found = new Map<string, Buffer>();
  const add = (candidate: string) => {
    const decoded = decodeOnce(candidate, prefix);
    if (decoded) found.set(decoded.hex, decoded.bytes);
  };
  for (const event of events) {
    for (const attr of event.attributes) {
      const value = attr.value;
      if (!value) continue;
      if (event.type === "call" && attr.key === "ret") continue;
      if (event.type === "evm" && attr.key === "log") {
        try {
          const log = JSON.parse(value) as { address?: string; topics?: string[] };
          if (log.address) add(log.address);
          // Only topics shaped like a left-padded address, as the reference decides.
          for (const topic of (log.topics ?? []).slice(1))
            if (topic.startsWith(ADDRESS_TOPIC_PREFIX)) add(topic);
        } catch {
          // Not JSON: fall through to the generic scan.
        }
        continue;
      }
      if (event.type === "move" && attr.key === "data") {
        for (const match of value.matchAll(MOVE_HEX)) add(match[0]);
        continue;
      }
      for (const part of value.split(",")) {
        const s = part.trim();
        if (bech32Address.test(s) || HEX_ADDRESS.test(s)) add(s);
      }
    }
  }
  if (signer) found.set(signer.toString("hex"), signer);
  const signerHex = signer?.toString("hex");
  return [...found.entries()].map(([hex, account]) => ({ account, signer: hex === signerHex }));
}
