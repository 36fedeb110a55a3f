/**
 * The NFT changes of one write (a block, or consecutive blocks committed together) folded into the
 * rows the writer applies in its one statement. A statement may change each row once, so every token
 * ends the write as exactly one upsert or one delete, and every collection it touches as one upsert
 * (the writer counts its tokens). Move changes that name a token only by an object minted in an
 * earlier write cannot be resolved here (no I/O): they stay keyed by the object, and the writer
 * resolves them through `nft_token.object_addr`. `tx` numbers the write's txs from 0.
 */
import type { NftChange } from "./nft-events.js";

export interface NftCollectionRow {
  addr: Buffer;
  /** Null: keep the stored name (the collection's creation was not in this block). */
  name: string | null;
  originName: string | null;
  /** Creator when the collection is new: its creation event's, else the signer of its first tx. */
  creator: Buffer;
  /** Index of the first tx that touched it: a new collection's height is that tx's. */
  tx: number;
  /**
   * An ERC-721 contract: a new collection's creator, height and time are those of the first tx that
   * named its address (its deployment), found by the writer in the account edges, as the reference
   * takes them; `creator` and `tx` are the fallback when no edge names it.
   */
  byFirstNamingTx: boolean;
}

export interface NftTokenRow {
  collection: Buffer;
  tokenId: string;
  /** Null: keep the stored owner, or take the collection's creator for a new Move token. */
  owner: Buffer | null;
  /** Null: keep the stored uri ("" for a new token). */
  uri: string | null;
  object: Buffer | null;
  /** Index of the last tx (0-based in the block) that changed it. */
  tx: number;
}

export interface NftObjectRow {
  object: Buffer;
  owner: Buffer | null;
  uri: string | null;
  burned: boolean;
  tx: number;
}

export interface NftRows {
  collections: NftCollectionRow[];
  tokens: NftTokenRow[];
  /** Tokens named by collection and id that end the block burned. */
  burned: { collection: Buffer; tokenId: string }[];
  /** Changes to Move tokens minted before this block, by object address. */
  objects: NftObjectRow[];
  /** Tx edges by collection and id (deduplicated). */
  txs: { collection: Buffer; tokenId: string; tx: number }[];
  /** Tx edges of Move tokens minted before this block, by object address. */
  objectTxs: { object: Buffer; tx: number }[];
}

/** The NFT changes of one successful tx, with its index in the block and its signer. */
export interface TxNftChanges {
  tx: number;
  signer: Buffer | undefined;
  changes: NftChange[];
}

const hex = (b: Buffer) => b.toString("hex");

export function nftRows(txs: TxNftChanges[]): NftRows {
  const collections = new Map<string, NftCollectionRow>();
  const tokens = new Map<string, NftTokenRow & { burned: boolean }>();
  const objectTokens = new Map<string, string>();
  const objects = new Map<string, NftObjectRow>();
  const edges = new Map<string, { collection: Buffer; tokenId: string; tx: number }>();
  const objectEdges = new Map<string, { object: Buffer; tx: number }>();

  const collection = (addr: Buffer, creator: Buffer | undefined, tx: number) => {
    let row = collections.get(hex(addr));
    if (!row) {
      row = { addr, name: null, originName: null, creator: creator ?? addr, tx, byFirstNamingTx: false };
      collections.set(hex(addr), row);
    }
    return row;
  };
  const tokenKey = (c: Buffer, id: string) => `${hex(c)}/${id}`;
  const token = (c: Buffer, tokenId: string, tx: number) => {
    const key = tokenKey(c, tokenId);
    let row = tokens.get(key);
    if (!row) {
      row = { collection: c, tokenId, owner: null, uri: null, object: null, tx, burned: false };
      tokens.set(key, row);
    }
    row.tx = tx;
    edges.set(`${key}/${tx}`, { collection: c, tokenId, tx });
    return row;
  };
  /** The in-block token an object names, or the object's own row when it was minted earlier. */
  const byKey = (key: { collection: Buffer; tokenId: string } | { object: Buffer }, tx: number) => {
    if ("collection" in key) return token(key.collection, key.tokenId, tx);
    const known = objectTokens.get(hex(key.object));
    const row = known ? tokens.get(known) : undefined;
    if (row) return token(row.collection, row.tokenId, tx);
    let objectRow = objects.get(hex(key.object));
    if (!objectRow) {
      objectRow = { object: key.object, owner: null, uri: null, burned: false, tx };
      objects.set(hex(key.object), objectRow);
    }
    objectRow.tx = tx;
    objectEdges.set(`${hex(key.object)}/${tx}`, { object: key.object, tx });
    return objectRow;
  };

  for (const { tx, signer, changes } of txs) {
    for (const change of changes) {
      if ("contract" in change && change.contract === "erc721") {
        const addr =
          change.kind === "mint"
            ? change.collection
            : "collection" in change.key
              ? change.key.collection
              : undefined;
        if (addr) collection(addr, signer, tx).byFirstNamingTx = true;
      }
      switch (change.kind) {
        case "collection": {
          const earlier = collections.get(hex(change.collection));
          const row = collection(change.collection, change.creator, tx);
          row.name = change.name;
          // The creator is the first touching tx's. The contract readers name a collection in every
          // block that touches it, each time with that block's first signer: in a write of several
          // blocks the later ones must not replace it (a later write never does: nft_collection's
          // creator is not updated), or the creator would depend on how blocks were grouped.
          if (!earlier || earlier.tx === tx) row.creator = change.creator;
          break;
        }
        case "origin_name":
          collection(change.collection, signer, tx).originName = change.originName;
          break;
        case "mint": {
          collection(change.collection, signer, tx);
          const row = token(change.collection, change.tokenId, tx);
          row.burned = false;
          row.owner = change.owner ?? null;
          row.uri = change.uri ?? "";
          row.object = change.object ?? null;
          if (change.object)
            objectTokens.set(hex(change.object), tokenKey(change.collection, change.tokenId));
          break;
        }
        case "transfer": {
          if ("collection" in change.key) collection(change.key.collection, signer, tx);
          byKey(change.key, tx).owner = change.owner;
          break;
        }
        case "mutate":
          byKey(change.key, tx).uri = change.uri;
          break;
        case "burn": {
          const row = byKey(change.key, tx);
          row.burned = true;
          if ("collection" in row) collection(row.collection, signer, tx);
          break;
        }
      }
    }
  }
  // A Move mint names no owner: the collection's creator holds it until a TransferEvent moves it.
  for (const t of tokens.values()) {
    const c = collections.get(hex(t.collection));
    if (t.owner === null && c?.name !== null) t.owner = c?.creator ?? null;
  }
  const all = [...tokens.values()];
  return {
    collections: [...collections.values()],
    tokens: all.filter((t) => !t.burned).map(({ burned: _, ...t }) => t),
    burned: all.filter((t) => t.burned).map((t) => ({ collection: t.collection, tokenId: t.tokenId })),
    objects: [...objects.values()],
    txs: [...edges.values()],
    objectTxs: [...objectEdges.values()],
  };
}
