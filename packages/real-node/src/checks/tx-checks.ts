/**
 * Txs: each ledger tx by hash (height, code, events exactly as the node emitted them, empty values
 * included), every block's tx list against the block the node made, each account's list (signer and
 * recipients; `is_signer=true` exactly the txs it signed), and the `msgs=` filter.
 */

import { indexerGet, walkList } from "./indexer-client.js";
import type { Ledger } from "./ledger.js";
import type { Mismatches } from "./mismatches.js";
import { type NodeEndpoints, nodeBlock, nodeTxEvents } from "./node-truth.js";

interface WeftTx {
  txhash: string;
  height: string;
  code: number;
  events: { type: string; attributes: { key: string; value?: string }[] }[];
}

const hashesOf = (txs: WeftTx[]) => txs.map((t) => t.txhash).sort();
const sorted = (xs: Iterable<string>) => [...new Set(xs)].sort();

export async function checkTxs(
  m: Mismatches,
  weft: string,
  node: NodeEndpoints,
  ledger: Ledger,
): Promise<void> {
  for (const tx of ledger.txs) {
    await m.guard("tx by hash", tx.label, async () => {
      const answer = await indexerGet<{ tx: WeftTx }>(weft, `/indexer/tx/v1/txs/${tx.hash}`);
      if (!m.equal("tx by hash", `${tx.label}: status`, 200, answer.status)) return;
      const got = answer.body.tx;
      m.equal("tx by hash", `${tx.label}: txhash`, tx.hash, got.txhash);
      m.equal("tx by hash", `${tx.label}: height`, String(tx.height), got.height);
      m.equal("tx by hash", `${tx.label}: code`, 0, got.code);
      // The node's events, attribute for attribute: an empty value must be served as "value":"".
      const events = got.events.map((e) => ({
        type: e.type,
        attributes: e.attributes.map((a) => ({ key: a.key, value: a.value })),
      }));
      m.equal("tx events", tx.label, await nodeTxEvents(node, tx.hash), events);
    });
  }

  for (const height of sorted(ledger.txs.map((t) => String(t.height)))) {
    await m.guard("txs by height", height, async () => {
      const block = await nodeBlock(node, Number(height));
      const got = await walkList<WeftTx>(weft, `/indexer/tx/v1/txs/by_height/${height}`, "txs");
      m.equal("txs by height", `height ${height}`, sorted(block.txHashes), hashesOf(got));
    });
  }

  const accounts = sorted(ledger.txs.flatMap((t) => [t.signer, ...t.recipients]));
  for (const account of accounts) {
    await m.guard("txs by account", account, async () => {
      const got = new Set(
        hashesOf(await walkList<WeftTx>(weft, `/indexer/tx/v1/txs/by_account/${account}`, "txs")),
      );
      for (const tx of ledger.txs.filter((t) => t.signer === account || t.recipients.includes(account))) {
        m.require("txs by account", `${account} lists ${tx.label}`, got.has(tx.hash), {
          expected: tx.hash,
          actual: "absent",
        });
      }
      const signed = await walkList<WeftTx>(
        weft,
        `/indexer/tx/v1/txs/by_account/${account}?is_signer=true`,
        "txs",
      );
      const expected = sorted(ledger.txs.filter((t) => t.signer === account).map((t) => t.hash));
      m.equal("txs by account is_signer=true", account, expected, hashesOf(signed));
    });
  }

  // Every tx on these chains is the scenario's, so each type's list is exactly the ledger's.
  for (const type of sorted(ledger.txs.flatMap((t) => t.msgTypes))) {
    await m.guard("txs msgs filter", type, async () => {
      const name = type.replace(/^\//, "");
      const got = await walkList<WeftTx>(weft, `/indexer/tx/v1/txs?msgs=${encodeURIComponent(name)}`, "txs");
      const expected = sorted(ledger.txs.filter((t) => t.msgTypes.includes(type)).map((t) => t.hash));
      m.equal("txs msgs filter", type, expected, hashesOf(got));
      const signer = ledger.txs.find((t) => t.msgTypes.includes(type))?.signer;
      if (signer === undefined) return;
      const mine = await walkList<WeftTx>(
        weft,
        `/indexer/tx/v1/txs/by_account/${signer}?msgs=${encodeURIComponent(name)}&is_signer=true`,
        "txs",
      );
      const expectedMine = sorted(
        ledger.txs.filter((t) => t.signer === signer && t.msgTypes.includes(type)).map((t) => t.hash),
      );
      m.equal("txs by account msgs filter", `${signer} ${type}`, expectedMine, hashesOf(mine));
    });
  }
}
