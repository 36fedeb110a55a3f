/**
 * What cw721 and ERC-721 metadata readers share: finding, in a derived block, the collections whose
 * changes came from a contract of one standard (and the first tx touching each), and putting a
 * `collection` change (name, creator) before each one's first change. Both readers put it in every
 * block that touches the collection, so a block fetched again after a failed write still carries it.
 */
import type { BlockBundle } from "./derive/derive-block.js";
import type { NftChange } from "./derive/nft-events.js";

export type Standard = "cw721" | "erc721";

function collectionOf(change: NftChange, standard: Standard): Buffer | undefined {
  if (!("contract" in change) || change.contract !== standard) return undefined;
  if (change.kind === "mint") return change.collection;
  return "collection" in change.key ? change.key.collection : undefined;
}

/** Each collection of `standard` the block touches, with the index of the first tx touching it. */
export function firstTouches(bundle: BlockBundle, standard: Standard): { addr: Buffer; tx: number }[] {
  const first = new Map<string, { addr: Buffer; tx: number }>();
  for (const { tx, changes } of bundle.nftChanges) {
    for (const change of changes) {
      const addr = collectionOf(change, standard);
      if (addr && !first.has(addr.toString("hex"))) first.set(addr.toString("hex"), { addr, tx });
    }
  }
  return [...first.values()];
}

/**
 * `bundle` with a `collection` change before each named collection's first change. Without a
 * creator, the collection's is the signer of that first tx, as for any collection.
 */
export function withCollections(
  bundle: BlockBundle,
  named: { addr: Buffer; tx: number; name: string; creator?: Buffer | undefined }[],
): BlockBundle {
  if (named.length === 0) return bundle;
  return {
    ...bundle,
    nftChanges: bundle.nftChanges.map((entry) => {
      const here = named.filter((n) => n.tx === entry.tx);
      if (here.length === 0) return entry;
      const creations: NftChange[] = here.map((n) => ({
        kind: "collection",
        collection: n.addr,
        name: n.name,
        creator: n.creator ?? entry.signer ?? n.addr,
      }));
      return { ...entry, changes: [...creations, ...entry.changes] };
    }),
  };
}
