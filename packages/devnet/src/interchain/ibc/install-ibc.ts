/**
 * ICS-20 on a live chain, one module per message: msg-transfer.ts (MsgTransfer escrows, or burns a
 * voucher going home, and emits send_packet), msg-recv-packet.ts (MsgRecvPacket mints a voucher or
 * unescrows a returning token, forwards it when the memo asks packet-forward middleware to, and
 * writes the acknowledgement), msg-acknowledgement.ts and msg-timeout.ts (refund on failure). Event
 * names and attributes are those of ibc-go (see the real txs in fixtures/real-rpc/initia and
 * fixtures/real-rpc/ibc/legacy).
 */
import { MsgAcknowledgement, MsgRecvPacket, MsgTimeout } from "cosmjs-types/ibc/core/channel/v1/tx";
import type { LiveChain, MsgHandler } from "../live-chain/live-chain-types.js";
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
  // The core messages reach the application bound to the packet's port on this chain (a receive
  // names it as the destination port, an acknowledgement or a timeout as the source port); any
  // other port's packets are ICS-20's.
  const apps = new Map<string, PortApp>();
  const core = [
    { type: TYPE_RECV, ics20: msgRecvPacket(state), app: "recv", decode: MsgRecvPacket.decode },
    {
      type: TYPE_ACK,
      ics20: msgAcknowledgement(state),
      app: "acknowledge",
      decode: MsgAcknowledgement.decode,
    },
    { type: TYPE_TIMEOUT, ics20: msgTimeout(state), app: "timeout", decode: MsgTimeout.decode },
  ] as const;
  for (const c of core) {
    chain.handle(c.type, (ctx, value) => {
      const { packet } = c.decode(value);
      const port = c.app === "recv" ? packet?.destinationPort : packet?.sourcePort;
      const own = port === undefined ? undefined : apps.get(port);
      return own ? own[c.app](ctx, value) : c.ics20(ctx, value);
    });
  }
  return {
    ends: state.ends,
    /** Binds an application (ICS-721) to `port`: its packets' core messages go to it. */
    bindPort(port: string, app: PortApp) {
      apps.set(port, app);
    },
    /** True (once) when a test asked this receive to fail (failReceive). */
    takeFailReceive(channel: string, sequence: bigint) {
      const i = state.failReceives.indexOf(`${channel}/${sequence}`);
      if (i >= 0) state.failReceives.splice(i, 1);
      return i >= 0;
    },
    /** The next receive of this packet (on this chain) answers an error acknowledgement. */
    failReceive(channel: string, sequence: bigint) {
      state.failReceives.push(`${channel}/${sequence}`);
    },
    fullPath: (denom: string) => fullPath(state, denom),
  };
}

/** An IBC application bound to a port other than ICS-20's: the core messages of its packets. */
export interface PortApp {
  recv: MsgHandler;
  acknowledge: MsgHandler;
  timeout: MsgHandler;
}

export type IbcModule = ReturnType<typeof installIbc>;
