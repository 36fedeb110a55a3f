/**
 * The uri of each Move NFT minted in a block, read from the chain as the reference indexer reads it:
 * the token object's `0x1::nft::Nft` resource
 * (`/initia/move/v1/accounts/{object}/resources/by_struct_tag?struct_tag=0x1::nft::Nft`) at the
 * block's height (`x-cosmos-block-height`). Move's `collection::MintEvent` names the collection, the
 * token id and the object, never the uri; `initia_nft::mint`'s argument holds it, but any module may
 * mint through `0x1::nft`, so only the resource is the truth for all of them.
 *
 * A resource the node does not have at that height (the token was burned in the same block, or the
 * node has pruned the height) is asked once more at the latest state, then left empty: a uri is
 * worth less than the token, and the reference, which stops indexing there, is no better. A node
 * that cannot be reached fails the block's fetch, which the ingest loop retries.
 */

import { type HttpJson, HttpStatusError, isNotFoundAnswer } from "../chain/http-json.js";
import type { BlockBundle } from "./derive/derive-block.js";
import type { NftChange } from "./derive/nft-events.js";

const NFT_STRUCT_TAG = "0x1::nft::Nft";

type Mint = Extract<NftChange, { kind: "mint" }>;

interface ResourceAnswer {
  resource?: { move_resource?: unknown };
}

/**
 * The node answered that it has no such resource: a 4xx (gateway NotFound / InvalidArgument), or
 * what a real minimove node sends, HTTP 500 with code 2 `collections: not found`.
 */
const isMissing = (err: unknown) =>
  (err instanceof HttpStatusError && err.status >= 400 && err.status < 500) || isNotFoundAnswer(err);

/** `data.uri` of a `move_resource` JSON text, or undefined when it is not an Nft resource. */
function uriOf(answer: ResourceAnswer): string | undefined {
  const text = answer.resource?.move_resource;
  if (typeof text !== "string") return undefined;
  try {
    const uri = (JSON.parse(text) as { data?: { uri?: unknown } }).data?.uri;
    // The reference strips NUL bytes from the resource's strings (Postgres text cannot hold them).
    return typeof uri === "string" ? uri.replaceAll("\u0000", "") : undefined;
  } catch {
    return undefined;
  }
}

export function createMoveNftUris(options: { http: HttpJson; restUrl: string }) {
  const rest = options.restUrl.replace(/\/+$/, "");

  async function read(object: Buffer, height: bigint, signal: AbortSignal): Promise<string> {
    const url = `${rest}/initia/move/v1/accounts/0x${object.toString("hex")}/resources/by_struct_tag?struct_tag=${encodeURIComponent(NFT_STRUCT_TAG)}`;
    for (const at of [String(height), undefined]) {
      try {
        const answer = await options.http.get<ResourceAnswer>(
          url,
          signal,
          at ? { "x-cosmos-block-height": at } : undefined,
        );
        return uriOf(answer) ?? "";
      } catch (err) {
        if (!isMissing(err)) throw err;
      }
    }
    return "";
  }

  return {
    /** `bundle` with each Move mint's uri (mints from a contract standard carry theirs already). */
    async enrich(bundle: BlockBundle, height: bigint, signal: AbortSignal): Promise<BlockBundle> {
      const mints: Mint[] = bundle.nftChanges.flatMap((entry) =>
        entry.changes.flatMap((c) => (c.kind === "mint" && c.object && c.contract === undefined ? [c] : [])),
      );
      if (mints.length === 0) return bundle;
      const uris = new Map<Mint, string>();
      await Promise.all(
        mints.map(async (m) => {
          uris.set(m, await read(m.object as Buffer, height, signal));
        }),
      );
      return {
        ...bundle,
        nftChanges: bundle.nftChanges.map((entry) => ({
          ...entry,
          changes: entry.changes.map((c) =>
            c.kind === "mint" && uris.has(c) ? { ...c, uri: uris.get(c) } : c,
          ),
        })),
      };
    },
  };
}
