/**
 * DeliverTx on a live chain: each message goes to the handler its module registered for its type
 * (MsgRoutes); events get the SDK's `message` event, the bank's coin events of what the message
 * moved (coin-moves.ts) and msg_index; the first failing message undoes the whole tx through its
 * journal and sets the tx's code and log.
 */
import { TxBody, TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import type { TxTruth } from "../../chain/tx-truth.js";
import type { AbciEvent, TxResult } from "../../payloads.js";
import { restTxOf, txHash } from "../../tx-envelope.js";
import { type CoinMove, coinEvents } from "./coin-moves.js";
import type { ExecContext, IndexedTx, LiveChain, MsgHandler, MsgToJson } from "./live-chain-types.js";
import type { MempoolEntry } from "./mempool.js";
import { TxFailure } from "./tx-failure.js";

/** Message type URL -> the handler (and REST JSON) its module registered. */
export type MsgRoutes = Map<string, { run: MsgHandler; toJson?: MsgToJson; bankEvents: boolean }>;

/** DeliverTx: every message in order; the first failure undoes the whole tx and sets its code. */
export function deliverTx(
  chain: LiveChain,
  routes: MsgRoutes,
  entry: MempoolEntry,
  /** `moves`: the log the chain's credits and debits of this block go to. */
  block: { height: number; time: string; index: number; moves: CoinMove[] },
): { tx: IndexedTx; truth: TxTruth } {
  const { height, time, index, moves } = block;
  const hash = txHash(entry.raw);
  const tx = TxRaw.decode(entry.raw);
  const body = TxBody.decode(tx.bodyBytes);
  const { signer } = entry;
  const ctx: ExecContext = { chain, height, time, signer, msgIndex: 0, journal: [] };
  const events: AbciEvent[] = signer
    ? [{ type: "tx", attributes: [{ key: "acc_seq", value: `${signer}/${entry.sequence}`, index: true }] }]
    : [];
  let code = 0;
  let log = "";
  let codespace = "";
  try {
    for (const [i, msg] of body.messages.entries()) {
      ctx.msgIndex = i;
      const handler = routes.get(msg.typeUrl);
      if (!handler) throw new TxFailure(6, `unrecognized message type ${msg.typeUrl}: unknown request`);
      const before = moves.length;
      const produced = handler.run(ctx, msg.value);
      // The bank keeper emits its events as it moves coins, before the module's own.
      const coins = handler.bankEvents ? coinEvents(moves.slice(before), chain.prefix) : [];
      const tag = { key: "msg_index", value: String(i), index: true };
      events.push(
        {
          type: "message",
          attributes: [
            { key: "action", value: msg.typeUrl, index: true },
            ...(signer ? [{ key: "sender", value: signer, index: true }] : []),
            tag,
          ],
        },
        ...[...coins, ...produced].map((e) => ({ ...e, attributes: [...e.attributes, tag] })),
      );
    }
  } catch (err) {
    if (!(err instanceof TxFailure)) throw err;
    for (const undo of ctx.journal.reverse()) undo();
    code = err.code;
    codespace = err.codespace;
    log = `failed to execute message; message index: ${ctx.msgIndex}: ${err.message}`;
    events.splice(signer ? 1 : 0);
  }
  const result: TxResult = {
    code,
    data: "",
    log,
    info: "",
    gas_wanted: "200000",
    gas_used: "100000",
    events,
    codespace,
  };
  const messagesJson = body.messages.map((m) => ({
    "@type": m.typeUrl,
    ...(routes.get(m.typeUrl)?.toJson?.(m.value) ?? {}),
  }));
  // The REST JSON of a broadcast tx shows its messages and memo; its auth info is not kept.
  const rest = restTxOf({ messages: messagesJson, memo: body.memo }, tx.signatures);
  const truth: TxTruth = {
    hash,
    height,
    index,
    code,
    signer,
    msgType: (body.messages[0]?.typeUrl ?? "").slice(1),
    accounts: signer ? [signer] : [],
  };
  return {
    tx: { hash, height, index, raw: Buffer.from(entry.raw).toString("base64"), result, rest, time },
    truth,
  };
}
