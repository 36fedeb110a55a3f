/**
 * The ledger while the minimove scenario writes it: each committed tx (its recipients checked
 * against its events), the NFTs and collections it made, and lookups the scenario's steps share.
 */
import type { LedgerNftCollection, LedgerTx } from "../checks/ledger.js";
import type { RealNode } from "../node/index.js";
import { accountOfMoveAddress, eventsOf, field, objectAddress } from "./move-events.js";
import type { MinimoveLedger, MoveToken } from "./move-ledger.js";
import type { SentTx } from "./move-tx.js";

/** Builds the ledger while the scenario runs. */
export class LedgerBook {
  readonly ledger: MinimoveLedger;
  /** bech32 -> the VM's spelling of the same account (0x, no leading zeros), as events print it. */
  readonly #moveHex: Map<string, string>;

  constructor(node: RealNode) {
    this.#moveHex = new Map(node.accounts.map((a) => [a.address, moveHex(a.hex)]));
    this.ledger = {
      chainId: node.chainId,
      vm: "move",
      denom: node.denom,
      txs: [],
      nftCollections: [],
      moveTokens: [],
      transfers: [],
      richLists: [
        {
          denom: node.denom,
          source: { kind: "bank", denom: node.denom },
          accounts: node.accounts.map((a) => a.address),
        },
      ],
    };
  }

  /** Records a committed tx; `recipients` must each appear in its events (bech32 or Move hex). */
  tx(label: string, sent: SentTx, recipients: string[] = []): LedgerTx {
    const text = JSON.stringify(sent.events);
    for (const r of recipients) {
      const hex = this.#moveHex.get(r);
      if (!text.includes(r) && !(hex && text.includes(hex)))
        throw new Error(`${label}: recipient ${r} is in none of the events of ${sent.hash}`);
    }
    const row = {
      label,
      hash: sent.hash,
      height: sent.height,
      signer: sent.signer,
      recipients,
      msgTypes: sent.msgTypes,
    };
    this.ledger.txs.push(row);
    return row;
  }

  token(collection: string, id: string): MoveToken {
    const found = this.ledger.moveTokens.find((t) => t.collection === collection && t.id === id);
    if (!found) throw new Error(`no token ${id} in ${collection}`);
    return found;
  }

  /** Marks `sent` as touching `token` (its nft txs) and as its last change. */
  touch(token: MoveToken, sent: SentTx): void {
    token.txHashes.push(sent.hash);
    token.height = sent.height;
  }
}

/** The VM's spelling of an account address: 0x and the hex without leading zeros. */
function moveHex(hex: string): string {
  return `0x${hex.replace(/^0x/i, "").replace(/^0+(?=.)/, "")}`;
}

/** The tx carries `0x1::object::TransferEvent` of `objectAddr` to `to` (bech32). */
export function expectNftTransfer(sent: SentTx, objectAddr: string, to: string): void {
  const ok = eventsOf(sent.events, "0x1::object::TransferEvent").some(
    (e) => objectAddress(field(e, "object")) === objectAddr && accountOfMoveAddress(field(e, "to")) === to,
  );
  if (!ok) throw new Error(`tx ${sent.hash} has no TransferEvent of ${objectAddr} to ${to}`);
}

export function collectionNamed(ledger: MinimoveLedger, name: string): LedgerNftCollection {
  const found = ledger.nftCollections.find((c) => c.name === name);
  if (!found) throw new Error(`no collection ${name} in the ledger`);
  return found;
}

export function collectionOf(ledger: MinimoveLedger, address: string): LedgerNftCollection {
  const found = ledger.nftCollections.find((c) => c.address === address);
  if (!found) throw new Error(`no collection ${address} in the ledger`);
  return found;
}
