/**
 * A tracked transfer's progress and how one check advances it. The progress is what the database
 * keeps (router_transfer.progress); the status a client sees is computed from it (status-json.ts).
 * Every step only adds what a chain has shown, so re-running a check after a crash is harmless.
 */
import type { Registry } from "../registry/registry.js";
import {
  type AckResult,
  type ChainEvent,
  depositFinalization,
  deposits,
  layerZeroSends,
  sentPackets,
  withdrawals,
  writtenAck,
} from "./chain-events.js";
import type { ChainReader, ChainTx } from "./chain-reader.js";

export interface TxRef {
  chain_id: string;
  tx_hash: string;
  on_chain_at: string;
}

export interface IbcHop {
  kind: "ibc";
  from_chain_id: string;
  to_chain_id: string;
  src_channel: string;
  dst_channel: string;
  sequence: string;
  denom: string;
  amount: string;
  send_tx: TxRef;
  receive_tx?: TxRef;
  acknowledge_tx?: TxRef;
  timeout_tx?: TxRef;
  /** The acknowledgement the receiving chain wrote (held back while a PFM forward is in flight). */
  ack?: AckResult;
  /** The receive forwarded the tokens on (packet-forward middleware): the next hop continues. */
  forwarded?: boolean;
}

export interface OpHop {
  kind: "op_deposit" | "op_withdraw";
  from_chain_id: string;
  to_chain_id: string;
  bridge_id: string;
  /** l1_sequence of a deposit, l2_sequence of a withdrawal. */
  sequence: string;
  denom_out: string;
  amount: string;
  send_tx: TxRef;
  receive_tx?: TxRef;
  /** A deposit whose hook failed (the coins arrived unconverted). */
  hook_error?: string;
}

/** A LayerZero OFT packet: sent on the source, delivered on the chain of its destination endpoint. */
export interface LayerZeroHop {
  kind: "layer_zero";
  from_chain_id: string;
  to_chain_id: string;
  guid: string;
  /** Amount in the OFT's shared decimals. */
  amount_sd: string;
  send_tx: TxRef;
  receive_tx?: TxRef;
  /** From the delivery: the contract that released the tokens and the amount, in its decimals. */
  received?: { contract: string; amount: string };
}

export type Hop = IbcHop | OpHop | LayerZeroHop;

export interface Progress {
  /** The tracked tx: unknown until seen on its chain. */
  source?: TxRef & { code: number; log: string };
  hops: Hop[];
  /** Why tracking gave up (set once, by the tracker). */
  abandoned?: string;
}

const ref = (chainId: string, tx: ChainTx): TxRef => ({
  chain_id: chainId,
  tx_hash: tx.hash,
  on_chain_at: tx.time,
});

/** The hops a tx starts: the packets it sends and the OPinit transfers it initiates. */
function hopsStartedBy(
  registry: Registry,
  chainId: string,
  tx: ChainTx,
  events: readonly ChainEvent[],
): Hop[] {
  const chain = registry.chain(chainId);
  const hops: Hop[] = [];
  for (const p of sentPackets(events).filter((x) => x.srcPort === "transfer")) {
    const to = chain?.ibc_channels.find(
      (c) => c.channel_id === p.srcChannel && c.port_id === "transfer",
    )?.chain_id;
    if (!to) continue;
    hops.push({
      kind: "ibc",
      from_chain_id: chainId,
      to_chain_id: to,
      src_channel: p.srcChannel,
      dst_channel: p.dstChannel,
      sequence: p.sequence,
      denom: p.denom,
      amount: p.amount,
      send_tx: ref(chainId, tx),
    });
  }
  for (const d of deposits(events)) {
    const rollup = registry.chains.find(
      (c) => c.op_bridge?.bridge_id === d.bridgeId && c.op_bridge.l1_chain_id === chainId,
    );
    if (!rollup) continue;
    hops.push({
      kind: "op_deposit",
      from_chain_id: chainId,
      to_chain_id: rollup.chain_id,
      bridge_id: d.bridgeId,
      sequence: d.l1Sequence,
      denom_out: d.l2Denom,
      amount: d.amount,
      send_tx: ref(chainId, tx),
    });
  }
  const bridge = chain?.op_bridge;
  if (bridge) {
    for (const w of withdrawals(events)) {
      hops.push({
        kind: "op_withdraw",
        from_chain_id: chainId,
        to_chain_id: bridge.l1_chain_id,
        bridge_id: bridge.bridge_id,
        sequence: w.l2Sequence,
        denom_out: w.baseDenom,
        amount: w.amount,
        send_tx: ref(chainId, tx),
      });
    }
  }
  for (const lz of layerZeroSends(events)) {
    const to = registry.chains.find((c) => c.layer_zero?.endpoint_id === lz.dstEid);
    if (!to) continue;
    hops.push({
      kind: "layer_zero",
      from_chain_id: chainId,
      to_chain_id: to.chain_id,
      guid: lz.guid,
      amount_sd: lz.amountSD,
      send_tx: ref(chainId, tx),
    });
  }
  return hops;
}

/**
 * One check: look for what each unfinished hop waits for. Returns true when anything moved.
 * A hop's chains are read only while it is unfinished, so a settled transfer costs no requests.
 */
export async function advance(
  registry: Registry,
  reader: ChainReader,
  chainId: string,
  txHash: string,
  progress: Progress,
): Promise<boolean> {
  if (!progress.source) {
    // An EVM tx hash on a minievm rollup names its Cosmos tx through the rollup's JSON-RPC.
    let tx = await reader.tx(chainId, txHash);
    if (!tx && registry.chain(chainId)?.apis.json_rpc) {
      const cosmosHash = await reader.cosmosTxHash(chainId, txHash);
      tx = cosmosHash ? await reader.tx(chainId, cosmosHash) : undefined;
    }
    if (!tx) return false;
    progress.source = { ...ref(chainId, tx), code: tx.code, log: tx.log };
    if (tx.code === 0) progress.hops.push(...hopsStartedBy(registry, chainId, tx, tx.events));
    return true;
  }
  let moved = false;
  // Hops appended while iterating (PFM forwards) are checked in the same pass.
  for (let i = 0; i < progress.hops.length; i++) {
    const hop = progress.hops[i] as Hop;
    if (hop.kind === "ibc") moved = (await advanceIbc(registry, reader, hop, progress)) || moved;
    else if (hop.kind === "layer_zero") moved = (await advanceLayerZero(reader, hop)) || moved;
    else moved = (await advanceOp(reader, hop)) || moved;
  }
  return moved;
}

async function advanceIbc(
  registry: Registry,
  reader: ChainReader,
  hop: IbcHop,
  progress: Progress,
): Promise<boolean> {
  if (hop.acknowledge_tx || hop.timeout_tx) return false;
  let moved = false;
  if (!hop.receive_tx) {
    const [recv] = await reader.search(hop.to_chain_id, [
      ["recv_packet", "packet_sequence", hop.sequence],
      ["recv_packet", "packet_dst_channel", hop.dst_channel],
    ]);
    if (recv) {
      hop.receive_tx = ref(hop.to_chain_id, recv);
      const ack = writtenAck(recv.events, hop.dst_channel, hop.sequence);
      if (ack) hop.ack = ack;
      // A receive that sends the tokens on is a packet-forward: the next hop starts in that tx.
      const next = hopsStartedBy(registry, hop.to_chain_id, recv, recv.events).filter(
        (h) => h.kind === "ibc",
      );
      if (next.length > 0) {
        hop.forwarded = true;
        progress.hops.splice(progress.hops.indexOf(hop) + 1, 0, ...next);
      }
      moved = true;
    } else {
      const [timeout] = await reader.search(hop.from_chain_id, [
        ["timeout_packet", "packet_sequence", hop.sequence],
        ["timeout_packet", "packet_src_channel", hop.src_channel],
      ]);
      if (timeout) {
        hop.timeout_tx = ref(hop.from_chain_id, timeout);
        return true;
      }
      return false;
    }
  }
  if (!hop.ack) {
    // A forwarded packet's ack is written later, once the forward settles.
    const [written] = await reader.search(hop.to_chain_id, [
      ["write_acknowledgement", "packet_sequence", hop.sequence],
      ["write_acknowledgement", "packet_dst_channel", hop.dst_channel],
    ]);
    const ack = written && writtenAck(written.events, hop.dst_channel, hop.sequence);
    if (ack) {
      hop.ack = ack;
      moved = true;
    }
  }
  if (hop.ack) {
    const [acked] = await reader.search(hop.from_chain_id, [
      ["acknowledge_packet", "packet_sequence", hop.sequence],
      ["acknowledge_packet", "packet_src_channel", hop.src_channel],
    ]);
    if (acked) {
      hop.acknowledge_tx = ref(hop.from_chain_id, acked);
      moved = true;
    }
  }
  return moved;
}

async function advanceOp(reader: ChainReader, hop: OpHop): Promise<boolean> {
  if (hop.receive_tx) return false;
  if (hop.kind === "op_deposit") {
    const [tx] = await reader.search(hop.to_chain_id, [
      ["finalize_token_deposit", "l1_sequence", hop.sequence],
    ]);
    const result = tx && depositFinalization(tx.events, hop.sequence);
    if (!tx || !result) return false;
    hop.receive_tx = ref(hop.to_chain_id, tx);
    if (!result.success) hop.hook_error = result.reason;
    return true;
  }
  const [tx] = await reader.search(hop.to_chain_id, [
    ["finalize_token_withdrawal", "l2_sequence", hop.sequence],
    ["finalize_token_withdrawal", "bridge_id", hop.bridge_id],
  ]);
  if (!tx) return false;
  hop.receive_tx = ref(hop.to_chain_id, tx);
  return true;
}

/** A LayerZero packet is received once the destination shows the OFT's delivery of its guid. */
async function advanceLayerZero(reader: ChainReader, hop: LayerZeroHop): Promise<boolean> {
  if (hop.receive_tx) return false;
  const delivered = await reader.oftReceived(hop.to_chain_id, hop.guid);
  if (!delivered) return false;
  hop.receive_tx = { chain_id: hop.to_chain_id, tx_hash: delivered.hash, on_chain_at: delivered.time };
  hop.received = { contract: delivered.contract, amount: delivered.amount };
  return true;
}
