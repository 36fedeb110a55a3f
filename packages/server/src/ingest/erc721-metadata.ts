/**
 * ERC-721 collection names and token URIs, read from the contracts as the reference indexer reads
 * them (it calls `name()` and `tokenURI(id)` through minievm's REST `/minievm/evm/v1/call`; this
 * makes the same EVM calls with the JSON-RPC's `eth_call`, which every EVM node serves). Transfer
 * logs carry neither, so without this every ERC-721 collection would be nameless and its tokens
 * without a uri.
 *
 * `name()` is asked once per contract and process, at the latest state (names do not change);
 * `tokenURI(id)` for each mint, at the mint's block (a token burned since answers nothing later).
 * All of a block's calls go in one JSON-RPC batch. A call the node answers with an error (a revert:
 * not implemented, no such token; or state it no longer has) leaves "" as when there was no call;
 * a node that cannot be reached fails the block's fetch, which the ingest loop retries.
 */

import type { HttpJson } from "../chain/http-json.js";
import { firstTouches, withCollections } from "./contract-collections.js";
import type { BlockBundle } from "./derive/derive-block.js";

const NAME = "0x06fdde03";
const TOKEN_URI = "0xc87b56dd";
/** Contracts remembered per process; past this many the memo starts over. */
const MAX_REMEMBERED = 100_000;

interface Call {
  to: string;
  data: string;
  tag: string;
}

/** An ABI-encoded `string` return value; "" for anything else (a revert's "0x", a short answer). */
export function decodeAbiString(hex: unknown): string {
  if (typeof hex !== "string" || !/^0x[0-9a-fA-F]*$/.test(hex) || hex.length < 2 + 128) return "";
  const body = hex.slice(2);
  const offset = Number.parseInt(body.slice(0, 64), 16) * 2;
  const length = Number.parseInt(body.slice(offset, offset + 64), 16);
  if (!Number.isSafeInteger(offset) || !Number.isSafeInteger(length) || length > body.length) return "";
  const bytes = Buffer.from(body.slice(offset + 64, offset + 64 + length * 2), "hex");
  if (bytes.length !== length) return "";
  // Postgres text cannot hold NUL; a contract may pad with it.
  return bytes.toString("utf8").replace(/\0/g, "");
}

export function createErc721Metadata(options: { http: HttpJson; jsonRpcUrl: string }) {
  const names = new Map<string, string>();
  let id = 0;

  /** Each call's return data, or undefined where the node answered with an error. */
  async function callAll(calls: Call[], signal: AbortSignal): Promise<(string | undefined)[]> {
    if (calls.length === 0) return [];
    const first = id + 1;
    const body = calls.map((c) => ({
      jsonrpc: "2.0",
      id: ++id,
      method: "eth_call",
      params: [{ to: c.to, data: c.data }, c.tag],
    }));
    const answer = await options.http.post<unknown>(options.jsonRpcUrl, body, signal);
    if (!Array.isArray(answer)) throw new Error("the EVM JSON-RPC did not answer the eth_call batch");
    const byId = new Map<unknown, { result?: unknown; error?: unknown }>(
      answer.map((a: { id?: unknown; result?: unknown; error?: unknown }) => [a.id, a]),
    );
    return calls.map((_, i) => {
      const reply = byId.get(first + i);
      if (!reply) throw new Error(`the EVM JSON-RPC left eth_call ${first + i} of a batch unanswered`);
      return reply.error === undefined && typeof reply.result === "string" ? reply.result : undefined;
    });
  }

  return {
    /** `bundle` with each ERC-721 collection's name (a `collection` change) and each mint's uri. */
    async enrich(bundle: BlockBundle, height: bigint, signal: AbortSignal): Promise<BlockBundle> {
      const touched = firstTouches(bundle, "erc721");
      if (touched.length === 0) return bundle;
      const tag = `0x${height.toString(16)}`;
      const hex = (b: Buffer) => `0x${b.toString("hex")}`;
      const unnamed = touched.filter((t) => !names.has(hex(t.addr)));
      const mints = bundle.nftChanges.flatMap((entry) =>
        entry.changes.flatMap((c) => (c.kind === "mint" && c.contract === "erc721" ? [c] : [])),
      );
      const calls: Call[] = [
        ...unnamed.map((t) => ({ to: hex(t.addr), data: NAME, tag: "latest" })),
        ...mints.map((m) => ({
          to: hex(m.collection),
          data: `${TOKEN_URI}${BigInt(m.tokenId).toString(16).padStart(64, "0")}`,
          tag,
        })),
      ];
      const results = await callAll(calls, signal);
      if (names.size + unnamed.length > MAX_REMEMBERED) names.clear();
      unnamed.forEach((t, i) => {
        names.set(hex(t.addr), decodeAbiString(results[i]));
      });
      const uris = new Map(mints.map((m, i) => [m, decodeAbiString(results[unnamed.length + i])]));
      const withUris: BlockBundle = {
        ...bundle,
        nftChanges: bundle.nftChanges.map((entry) => ({
          ...entry,
          changes: entry.changes.map((c) =>
            c.kind === "mint" && uris.has(c) ? { ...c, uri: uris.get(c) } : c,
          ),
        })),
      };
      return withCollections(
        withUris,
        touched.map((t) => ({ ...t, name: names.get(hex(t.addr)) ?? "" })),
      );
    },
  };
}
