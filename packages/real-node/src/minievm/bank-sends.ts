/**
 * Bank sends through the node's real CLI (`tx bank send ... --yes --output json`): the message is
 * built, signed and broadcast exactly as an operator's would be, with a zero fee (which makes the
 * `fee` event attribute an empty string, a case the indexer must keep).
 */
import type { LedgerTx } from "../checks/ledger.js";
import type { RealNode } from "../node/start-node.js";
import { recordCosmosTx } from "./tx-records.js";

export interface BankSend {
  /** Keyring name of the sender. */
  from: string;
  /** Recipient, bech32. */
  to: string;
  /** Amount with denom, e.g. "1000GAS". */
  amount: string;
}

interface BroadcastAnswer {
  txhash: string;
  code: number;
  raw_log: string;
}

/** Sends one bank transfer, waits for it in a block and records it. */
export async function bankSend(node: RealNode, send: BankSend): Promise<LedgerTx> {
  const sender = node.account(send.from);
  // Explicit flags: this CLI does not take the keyring backend (nor, for txs, the node) from client.toml.
  const out = await node.exec([
    ...["tx", "bank", "send", send.from, send.to, send.amount, "--yes", "--output", "json"],
    ...[
      "--keyring-backend",
      "test",
      "--chain-id",
      node.chainId,
      "--node",
      node.rpcUrl.replace(/^http/, "tcp"),
    ],
  ]);
  // The CLI may print a gas estimate line before the JSON: the answer is the last line.
  const answer = JSON.parse(out.trim().split("\n").pop() ?? "") as BroadcastAnswer;
  if (answer.code !== 0) throw new Error(`bank send ${send.from} -> ${send.to} rejected: ${answer.raw_log}`);
  return recordCosmosTx(node, answer.txhash, {
    label: `bank send ${send.from} -> ${send.to} ${send.amount}`,
    signer: sender.address,
    recipients: [send.to],
  });
}
