/**
 * The denom of each Move fungible asset a block moved, so its store changes (derive/
 * move-fungible-deltas.ts) join the block's rich-list deltas. As the reference names them: the
 * metadata object's `0x1::fungible_asset::Metadata` resource at the latest state
 * (`/initia/move/v1/accounts/{metadata}/resources/by_struct_tag`), whose lower-case `symbol` is the
 * denom of a coin with 0 decimals (`umin`, `uinit`: a bank denom), and `move/<metadata hex>` for
 * anything else. Asked once per asset and process (metadata does not change).
 *
 * An asset whose metadata the node does not have (an answer, not an outage) has no denom: its
 * changes are left out, as the reference leaves them out. A node that cannot be reached fails the
 * block's fetch, which the ingest loop retries.
 */
import { type HttpJson, isNotFoundAnswer } from "../chain/http-json.js";
import { BalanceLedger } from "./derive/balance-deltas.js";
import type { BlockBundle } from "./derive/derive-block.js";

const METADATA_STRUCT_TAG = "0x1::fungible_asset::Metadata";
/** Assets remembered per process; past this many the memo starts over. */
const MAX_REMEMBERED = 10_000;

interface ResourceAnswer {
  resource?: { move_resource?: unknown };
}

/** The denom a Metadata resource names, or `move/<hex>` when it is not a 0-decimal coin. */
export function denomOfMetadata(metadata: string, answer: ResourceAnswer): string {
  let data: { decimals?: unknown; symbol?: unknown } = {};
  try {
    const text = answer.resource?.move_resource;
    data = (typeof text === "string" ? JSON.parse(text)?.data : undefined) ?? {};
  } catch {
    // Not a Metadata resource: named by its address, as any asset with decimals.
  }
  if (Number(data.decimals) === 0 && typeof data.symbol === "string" && data.symbol !== "")
    return data.symbol.toLowerCase();
  return metadata.replace(/^0x/i, "move/");
}

export function createMoveFungibleDenoms(options: { http: HttpJson; restUrl: string }) {
  const rest = options.restUrl.replace(/\/+$/, "");
  /** Answers only: a question in flight is not shared, so one block's abort cannot fail another's. */
  const denoms = new Map<string, string | undefined>();

  async function ask(metadata: string, signal: AbortSignal): Promise<string | undefined> {
    const url = `${rest}/initia/move/v1/accounts/${metadata}/resources/by_struct_tag?struct_tag=${encodeURIComponent(METADATA_STRUCT_TAG)}`;
    try {
      return denomOfMetadata(metadata, await options.http.get<ResourceAnswer>(url, signal));
    } catch (err) {
      if (isNotFoundAnswer(err)) return undefined;
      throw err;
    }
  }

  async function denomOf(metadata: string, signal: AbortSignal): Promise<string | undefined> {
    const key = metadata.toLowerCase();
    if (denoms.has(key)) return denoms.get(key);
    const denom = await ask(metadata, signal);
    if (denoms.size >= MAX_REMEMBERED) denoms.clear();
    denoms.set(key, denom);
    return denom;
  }

  return {
    /** `bundle` with its Move store changes added to `balances` under their denoms. */
    async enrich(bundle: BlockBundle, signal: AbortSignal): Promise<BlockBundle> {
      if (bundle.moveFungible.length === 0) return bundle;
      const assets = [...new Set(bundle.moveFungible.map((d) => d.metadata))];
      const named = new Map(
        await Promise.all(assets.map(async (m) => [m, await denomOf(m, signal)] as const)),
      );
      const ledger = new BalanceLedger();
      for (const b of bundle.balances) ledger.add(b.denom, b.account, b.amount);
      for (const d of bundle.moveFungible) {
        const denom = named.get(d.metadata);
        if (denom) ledger.add(denom, d.account, d.amount);
      }
      return { ...bundle, balances: ledger.deltas(), moveFungible: [] };
    },
  };
}
