/**
 * ICS-20 on a live chain, one module per message: msg-transfer.ts (MsgTransfer escrows, or burns a
 * voucher going home, and emits send_packet), msg-recv-packet.ts (MsgRecvPacket mints a voucher or
 * unescrows a returning token, forwards it when the memo asks packet-forward middleware to, and
 * writes the acknowledgement), msg-acknowledgement.ts and msg-timeout.ts (refund on failure). Event
 * names and attributes are those of ibc-go (see the real txs in fixtures/real-rpc/initia and
 * fixtures/real-rpc/ibc/legacy).
 */
import type { LiveChain } from "../live-chain/live-chain-types.js";
import {
  type ChannelEnd,
  createIbcState,
  fullPath,
  TYPE_ACK,
  TYPE_RECV,
  TYPE_TIMEOUT,
  TYPE_TRANSFER,
} from "./ibc-state.js";
import { msgAcknowledgement } from "./msg-acknowledgement.js";
import { msgRecvPacket } from "./msg-recv-packet.js";
import { msgTimeout } from "./msg-timeout.js";
import { msgTransfer } from "./msg-transfer.js";

/** Installs ICS-20 on `chain` over `channels`; `pfm` turns on packet-forward middleware. */
export function installIbc(chain: LiveChain, channels: ChannelEnd[], options: { pfm: boolean }) {
  const state = createIbcState(chain, channels, options.pfm);
  const transfer = msgTransfer(state);
  chain.handle(TYPE_TRANSFER, transfer.run, transfer.toJson);
  chain.handle(TYPE_RECV, msgRecvPacket(state));
  chain.handle(TYPE_ACK, msgAcknowledgement(state));
  chain.handle(TYPE_TIMEOUT, msgTimeout(state));
  return {
    ends: state.ends,
    /** The next receive of this packet (on this chain) answers an error acknowledgement. */
    failReceive(channel: string, sequence: bigint) {
      state.failReceives.push(`${channel}/${sequence}`);
    },
    fullPath: (denom: string) => fullPath(state, denom),
  };
}

export type IbcModule = ReturnType<typeof installIbc>;
