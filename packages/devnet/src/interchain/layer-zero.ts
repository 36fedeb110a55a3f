/**
 * LayerZero between the devnet's chains, as far as OFT transfers need it: an OFT `send` on the source
 * chain (evm-gateway.ts) hands its packet here; once the source block is sealed (so a reverted send
 * delivers nothing) the packet is delivered on the peer chain as a system tx, as LayerZero's
 * executor calls `lzReceive` there, crediting the recipient the OFT's token in the peer's decimals.
 */
import type { AbciEvent } from "../payloads.js";
import { evmKey } from "./evm-l1.js";
import type { ExecContext, LiveChain } from "./live-chain/live-chain-types.js";
import { TxFailure } from "./live-chain/tx-failure.js";

/** The devnet executor's delivery message (JSON body): not a real chain's type, nothing signs it. */
export const TYPE_LZ_RECEIVE = "/weft.devnet.layerzero.LzReceive";

export interface OftPacket {
  srcEid: number;
  dstEid: number;
  /** Recipient as a 32-byte word, 0x hex (an EVM address left-padded). */
  to: string;
  /** Amount in the OFT's shared decimals. */
  amountSD: string;
  sharedDecimals: number;
  guid: string;
}

export interface LayerZeroPeer {
  chain: LiveChain;
  /** The ERC-20 the peer's OFT (or adapter) releases; its ledger denom is the lower-case address. */
  token: string;
  decimals: number;
}

const attr = (key: string, value: string) => ({ key, value, index: true });

export function createLayerZero(source: LiveChain, srcEid: number) {
  const peers = new Map<number, LayerZeroPeer>();
  const pending: OftPacket[] = [];
  let nonce = 0;

  source.onSealed(() => {
    for (const packet of pending.splice(0)) {
      const peer = peers.get(packet.dstEid);
      peer?.chain.inject(
        [{ typeUrl: TYPE_LZ_RECEIVE, value: new TextEncoder().encode(JSON.stringify(packet)) }],
        `lz ${packet.guid}`,
      );
    }
  });

  return {
    /** Connects the peer chain of endpoint `eid` and installs its receive. */
    connect(eid: number, peer: LayerZeroPeer) {
      peers.set(eid, peer);
      peer.chain.handle(TYPE_LZ_RECEIVE, (ctx, value) => {
        const packet = JSON.parse(new TextDecoder().decode(value)) as OftPacket;
        const amountLD = BigInt(packet.amountSD) * 10n ** BigInt(peer.decimals - packet.sharedDecimals);
        const receiver = evmKey(`0x${packet.to.slice(-40)}`);
        peer.chain.credit(ctx, receiver, evmKey(peer.token), amountLD);
        return [
          {
            type: "layerzero_receive",
            attributes: [
              attr("guid", packet.guid),
              attr("src_eid", String(packet.srcEid)),
              attr("receiver", receiver),
              attr("amount", amountLD.toString()),
              attr("token", evmKey(peer.token)),
            ],
          },
        ];
      });
    },
    /** Queues the packet of an OFT send; the send's failure (journal) unqueues it. */
    send(ctx: ExecContext, packet: Omit<OftPacket, "srcEid" | "guid">): AbciEvent[] {
      if (!peers.has(packet.dstEid))
        throw new TxFailure(2, `execution reverted: no peer for endpoint ${packet.dstEid}`, "evm");
      nonce++;
      const guid = `0x${srcEid.toString(16).padStart(8, "0")}${nonce.toString(16).padStart(56, "0")}`;
      const full: OftPacket = { ...packet, srcEid, guid };
      pending.push(full);
      ctx.journal.push(() => {
        const i = pending.indexOf(full);
        if (i >= 0) pending.splice(i, 1);
      });
      return [
        {
          type: "layerzero_send",
          attributes: [
            attr("guid", guid),
            attr("dst_eid", String(packet.dstEid)),
            attr("amount_sd", packet.amountSD),
          ],
        },
      ];
    },
  };
}

export type LayerZero = ReturnType<typeof createLayerZero>;
