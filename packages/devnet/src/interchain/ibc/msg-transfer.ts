/** `/ibc.applications.transfer.v1.MsgTransfer`: the signer sends tokens over a channel (send-packet.ts). */
import { MsgTransfer } from "cosmjs-types/ibc/applications/transfer/v1/tx";
import type { MsgHandler, MsgToJson } from "../live-chain/live-chain-types.js";
import { TxFailure } from "../live-chain/tx-failure.js";
import type { IbcState } from "./ibc-state.js";
import { sendPacket } from "./send-packet.js";

export function msgTransfer(state: IbcState): { run: MsgHandler; toJson: MsgToJson } {
  return {
    run(ctx, value) {
      const m = MsgTransfer.decode(value);
      if (m.sender !== ctx.signer) throw new TxFailure(4, `${m.sender} is not the signer: unauthorized`);
      if (!m.token) throw new TxFailure(10, "token is required: invalid coins");
      return sendPacket(state, ctx, {
        channel: m.sourceChannel,
        sender: m.sender,
        receiver: m.receiver,
        denom: m.token.denom,
        amount: BigInt(m.token.amount),
        memo: m.memo,
        timeoutNs: m.timeoutTimestamp,
      });
    },
    toJson(value) {
      const m = MsgTransfer.decode(value);
      return {
        source_port: m.sourcePort,
        source_channel: m.sourceChannel,
        token: m.token,
        sender: m.sender,
        receiver: m.receiver,
        timeout_height: { revision_number: "0", revision_height: "0" },
        timeout_timestamp: m.timeoutTimestamp.toString(),
        memo: m.memo,
      };
    },
  };
}
