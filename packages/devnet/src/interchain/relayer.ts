/**
 * The devnet's off-chain actors. The IBC relayer watches every chain's sealed blocks: a send_packet
 * becomes a MsgRecvPacket on the counterparty (or, on command, an error acknowledgement or a
 * timeout), a write_acknowledgement becomes a MsgAcknowledgement back on the sender. The OPinit
 * executor finalizes deposits on the rollup and, after the finalization period, withdrawals on the
 * L1. Their txs land in the next block of the target chain.
 */

import type { Packet } from "cosmjs-types/ibc/core/channel/v1/channel";
import { MsgAcknowledgement, MsgRecvPacket, MsgTimeout } from "cosmjs-types/ibc/core/channel/v1/tx";
import type { AbciEvent } from "../payloads.js";
import { TYPE_ACK, TYPE_RECV, TYPE_TIMEOUT } from "./ibc/ibc-state.js";
import type { IbcModule } from "./ibc/install-ibc.js";
import {
  finalizeDepositCodec,
  finalizeWithdrawalCodec,
  TYPE_FINALIZE_DEPOSIT,
  TYPE_FINALIZE_WITHDRAWAL,
} from "./initia-protos.js";
import type { LiveChain } from "./live-chain/live-chain-types.js";

/** What happens to the next packet the relayer sees. */
export type PacketPlan = "deliver" | "error-ack" | "timeout";

const RELAYER = "init1devnetrelayer";
const EXECUTOR = "init1devnetexecutor";

const get = (e: AbciEvent, key: string) => e.attributes.find((a) => a.key === key)?.value ?? "";

function packetOf(e: AbciEvent): Packet {
  const [revisionNumber = "0", revisionHeight = "0"] = get(e, "packet_timeout_height").split("-");
  return {
    sequence: BigInt(get(e, "packet_sequence")),
    sourcePort: get(e, "packet_src_port"),
    sourceChannel: get(e, "packet_src_channel"),
    destinationPort: get(e, "packet_dst_port"),
    destinationChannel: get(e, "packet_dst_channel"),
    data: Buffer.from(get(e, "packet_data")),
    timeoutHeight: { revisionNumber: BigInt(revisionNumber), revisionHeight: BigInt(revisionHeight) },
    timeoutTimestamp: BigInt(get(e, "packet_timeout_timestamp") || "0"),
  };
}

export interface ChainNode {
  chain: LiveChain;
  ibc: IbcModule;
}

export function startRelayer(nodes: Map<string, ChainNode>) {
  const plans: PacketPlan[] = [];
  const proof = { revisionNumber: 0n, revisionHeight: 1n };
  for (const [chainId, node] of nodes) {
    node.chain.onSealed((height, txs) => {
      for (const tx of txs.filter((t) => t.result.code === 0)) {
        for (const e of tx.result.events) {
          if (e.type === "send_packet") {
            const packet = packetOf(e);
            const end = node.ibc.ends.get(packet.sourceChannel);
            const dest = end && nodes.get(end.counterpartyChainId);
            if (!dest) continue;
            const plan = plans.shift() ?? "deliver";
            if (plan === "timeout") {
              // Devnet shortcut: the packet is declared timed out without waiting for its deadline.
              node.chain.inject(
                [
                  {
                    typeUrl: TYPE_TIMEOUT,
                    value: MsgTimeout.encode({
                      packet,
                      proofUnreceived: new Uint8Array([1]),
                      proofHeight: proof,
                      nextSequenceRecv: packet.sequence,
                      signer: RELAYER,
                    }).finish(),
                  },
                ],
                `relay timeout ${chainId}@${height}`,
              );
              continue;
            }
            if (plan === "error-ack") dest.ibc.failReceive(packet.destinationChannel, packet.sequence);
            dest.chain.inject(
              [
                {
                  typeUrl: TYPE_RECV,
                  value: MsgRecvPacket.encode({
                    packet,
                    proofCommitment: new Uint8Array([1]),
                    proofHeight: proof,
                    signer: RELAYER,
                  }).finish(),
                },
              ],
              `relay recv ${chainId}@${height}`,
            );
          }
          if (e.type === "write_acknowledgement") {
            const packet = packetOf(e);
            const end = node.ibc.ends.get(packet.destinationChannel);
            const source = end && nodes.get(end.counterpartyChainId);
            if (!source) continue;
            source.chain.inject(
              [
                {
                  typeUrl: TYPE_ACK,
                  value: MsgAcknowledgement.encode({
                    packet,
                    acknowledgement: Buffer.from(get(e, "packet_ack")),
                    proofAcked: new Uint8Array([1]),
                    proofHeight: proof,
                    signer: RELAYER,
                  }).finish(),
                },
              ],
              `relay ack ${chainId}@${height}`,
            );
          }
        }
      }
    });
  }
  return {
    /** The next packets seen (in order) are handled this way instead of delivered normally. */
    plan(...next: PacketPlan[]) {
      plans.push(...next);
    },
  };
}

/** The OPinit executor of the bridges between `l1` and its rollups. */
export function startExecutor(
  l1: LiveChain,
  rollups: { bridgeId: bigint; chain: LiveChain }[],
  options: { withdrawalDelayBlocks: number },
) {
  const byBridge = new Map(rollups.map((r) => [r.bridgeId, r]));
  const pending: { dueAt: number; value: Uint8Array }[] = [];
  let outputIndex = 0n;
  l1.onSealed((height, txs) => {
    for (const tx of txs.filter((t) => t.result.code === 0)) {
      for (const e of tx.result.events.filter((x) => x.type === "initiate_token_deposit")) {
        const rollup = byBridge.get(BigInt(get(e, "bridge_id")));
        if (!rollup) continue;
        const value = finalizeDepositCodec.encode({
          sender: EXECUTOR,
          from: get(e, "from"),
          to: get(e, "to"),
          amount: { denom: get(e, "l2_denom"), amount: get(e, "amount") },
          sequence: BigInt(get(e, "l1_sequence")),
          height: BigInt(height),
          baseDenom: get(e, "l1_denom"),
          data: Buffer.from(get(e, "data"), "hex"),
        });
        rollup.chain.inject([{ typeUrl: TYPE_FINALIZE_DEPOSIT, value }], `finalize deposit ${height}`);
      }
    }
    for (const due of pending.filter((p) => p.dueAt <= height)) {
      pending.splice(pending.indexOf(due), 1);
      l1.inject([{ typeUrl: TYPE_FINALIZE_WITHDRAWAL, value: due.value }], `finalize withdrawal ${height}`);
    }
  });
  for (const rollup of rollups) {
    rollup.chain.onSealed((_height, txs) => {
      for (const tx of txs.filter((t) => t.result.code === 0)) {
        for (const e of tx.result.events.filter((x) => x.type === "initiate_token_withdrawal")) {
          outputIndex++;
          pending.push({
            dueAt: l1.head + options.withdrawalDelayBlocks,
            value: finalizeWithdrawalCodec.encode({
              sender: EXECUTOR,
              bridgeId: rollup.bridgeId,
              outputIndex,
              from: get(e, "from"),
              to: get(e, "to"),
              sequence: BigInt(get(e, "l2_sequence")),
              amount: { denom: get(e, "base_denom"), amount: get(e, "amount") },
            }),
          });
        }
      }
    });
  }
}
