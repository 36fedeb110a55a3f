/**
 * The name and creator of each cw721 collection, read from the chain as the reference indexer reads
 * them: the contract's `{"contract_info":{}}` smart query (name) and wasmd's contract record
 * (creator), over Cosmos REST. A cw721's events never carry its name, so without this every Wasm
 * collection would be nameless and `collections/by_name` could not find it.
 *
 * Asked once per contract and process, at the node's latest state (names do not change; a pruned
 * node can answer, where the reference's query at the block's height needs an archive node). The
 * answer rides in every block that touches the collection, as a `collection` change before its
 * first change there, so a block that is fetched again after a failed write still carries it.
 * A contract that answers with an error (it does not speak cw721's `contract_info`, or is gone) is
 * kept nameless with its first signer as creator, as for any collection; a node that cannot be
 * reached fails the block's fetch, which the ingest loop retries.
 */
import { bech32 } from "bech32";
import { type HttpJson, HttpStatusError } from "../chain/http-json.js";
import { firstTouches, withCollections } from "./contract-collections.js";
import type { BlockBundle } from "./derive/derive-block.js";

interface ContractInfo {
  name: string;
  creator: Buffer | undefined;
}

/** Contracts remembered per process; past this many the memo starts over (a few bytes each). */
const MAX_REMEMBERED = 100_000;
const CONTRACT_INFO_QUERY = Buffer.from('{"contract_info":{}}').toString("base64");

/** The node answered (a gRPC-gateway status body): asking again gives the same answer. */
function isNodeAnswer(err: unknown): boolean {
  if (!(err instanceof HttpStatusError)) return false;
  if (err.status >= 400 && err.status < 500) return true;
  try {
    return typeof (JSON.parse(err.body) as { code?: unknown }).code === "number";
  } catch {
    return false;
  }
}

export function createCw721Collections(options: { http: HttpJson; restUrl: string; prefix: string }) {
  const rest = options.restUrl.replace(/\/+$/, "");
  const known = new Map<string, Promise<ContractInfo>>();

  async function read(addr: Buffer, signal: AbortSignal): Promise<ContractInfo> {
    const contract = bech32.encode(options.prefix, bech32.toWords(addr), 90);
    const soft = <T>(p: Promise<T>): Promise<T | undefined> =>
      p.catch((err: unknown) => {
        if (isNodeAnswer(err)) return undefined;
        throw err;
      });
    const [query, record] = await Promise.all([
      soft(
        options.http.get<{ data?: { name?: unknown } }>(
          `${rest}/cosmwasm/wasm/v1/contract/${contract}/smart/${encodeURIComponent(CONTRACT_INFO_QUERY)}`,
          signal,
        ),
      ),
      soft(
        options.http.get<{ contract_info?: { creator?: unknown } }>(
          `${rest}/cosmwasm/wasm/v1/contract/${contract}`,
          signal,
        ),
      ),
    ]);
    const name = typeof query?.data?.name === "string" ? query.data.name : "";
    const creator = record?.contract_info?.creator;
    let creatorBytes: Buffer | undefined;
    if (typeof creator === "string") {
      try {
        creatorBytes = Buffer.from(bech32.fromWords(bech32.decode(creator, 90).words));
      } catch {
        creatorBytes = undefined;
      }
    }
    return { name, creator: creatorBytes };
  }

  function info(addr: Buffer, signal: AbortSignal): Promise<ContractInfo> {
    const key = addr.toString("hex");
    let pending = known.get(key);
    if (!pending) {
      if (known.size >= MAX_REMEMBERED) known.clear();
      pending = read(addr, signal);
      // A failed read is not remembered: the block's next fetch asks again.
      pending.catch(() => known.delete(key));
      known.set(key, pending);
    }
    return pending;
  }

  return {
    /** `bundle` with a `collection` change (name, creator) before each cw721 collection's first change. */
    async enrich(bundle: BlockBundle, signal: AbortSignal): Promise<BlockBundle> {
      const touched = firstTouches(bundle, "cw721");
      const infos = await Promise.all(touched.map(({ addr }) => info(addr, signal)));
      return withCollections(
        bundle,
        touched.map((t, i) => ({ ...t, name: infos[i]?.name ?? "", creator: infos[i]?.creator })),
      );
    },
  };
}
