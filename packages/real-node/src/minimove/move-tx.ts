/**
 * One tx through the node's own CLI, awaited until committed, read back from the node's REST as the
 * node reports it (hash, height, messages, events). Nothing is assumed about what a command sends:
 * message types, signer and events all come from the committed tx.
 */
import { getJson, type RealNode, waitForTx } from "../node/index.js";
import type { NodeEvent } from "./move-events.js";

/** `minitiad tx ...` flags every scenario tx shares: sign with the test keyring, simulate the gas. */
const TX_FLAGS = [
  "--keyring-backend",
  "test",
  "--yes",
  "--output",
  "json",
  "--gas",
  "auto",
  "--gas-adjustment",
  "1.5",
];

/**
 * Where the tx goes. minimove v1.1.11's CLI does not read `client.toml` (measured: with only
 * `--home`, `tx` and `query` dial localhost:26657 and find no keys), so every command says it.
 */
function nodeFlags(node: RealNode): string[] {
  return ["--node", `tcp://127.0.0.1:${node.ports.rpc}`, "--chain-id", node.chainId];
}

/** A committed tx as the node's REST (`/cosmos/tx/v1beta1/txs/{hash}`) reports it. */
export interface SentTx {
  /** Upper-case hex, as the node and the Indexer API print it. */
  hash: string;
  height: number;
  /** The messages' `@type`s in order, e.g. `/initia.move.v1.MsgExecuteJSON`. */
  msgTypes: string[];
  /** The signer's bech32 address, from the node's `tx` event `acc_seq` (`addr/sequence`). */
  signer: string;
  events: NodeEvent[];
  messages: Record<string, unknown>[];
}

interface RestTx {
  tx: { body: { messages: Record<string, unknown>[] } };
  tx_response: { txhash: string; height: string; code: number; raw_log: string; events: NodeEvent[] };
}

/**
 * Runs `minitiad tx <args> --from <from>`, waits until the tx is in a block and succeeded, and reads
 * it back. Throws with the node's log when CheckTx or DeliverTx fails.
 */
export async function sendTx(node: RealNode, from: string, args: string[]): Promise<SentTx> {
  const out = await node.exec(["tx", ...args, "--from", from, ...nodeFlags(node), ...TX_FLAGS]);
  const checked = JSON.parse(out.slice(out.indexOf("{"))) as {
    txhash: string;
    code: number;
    raw_log: string;
  };
  if (checked.code !== 0) throw new Error(`tx ${args.join(" ")} refused at CheckTx: ${checked.raw_log}`);
  const committed = await waitForTx(node.rpcUrl, checked.txhash);
  if (committed.code !== 0) throw new Error(`tx ${args.join(" ")} failed in block: ${committed.rawLog}`);
  const rest = await getJson<RestTx>(`${node.restUrl}/cosmos/tx/v1beta1/txs/${committed.hash}`);
  const accSeq = rest.tx_response.events
    .filter((e) => e.type === "tx")
    .flatMap((e) => e.attributes)
    .find((a) => a.key === "acc_seq")?.value;
  if (!accSeq) throw new Error(`tx ${committed.hash} has no acc_seq event`);
  return {
    hash: rest.tx_response.txhash.toUpperCase(),
    height: Number(rest.tx_response.height),
    msgTypes: rest.tx.body.messages.map((m) => String(m["@type"])),
    signer: accSeq.slice(0, accSeq.lastIndexOf("/")),
    events: rest.tx_response.events,
    messages: rest.tx.body.messages,
  };
}

/** `tx move execute-json ADDR MODULE FUNCTION --args JSON [--type-args JSON]`. */
export function executeJson(options: {
  module: string;
  fn: string;
  args: unknown[];
  typeArgs?: string[];
  address?: string;
}): string[] {
  const typeArgs = options.typeArgs ? ["--type-args", JSON.stringify(options.typeArgs)] : [];
  return [
    "move",
    "execute-json",
    options.address ?? "0x1",
    options.module,
    options.fn,
    "--args",
    JSON.stringify(options.args),
    ...typeArgs,
  ];
}
