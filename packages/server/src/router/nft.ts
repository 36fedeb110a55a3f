/**
 * `POST /nft` (spec tag Router): the messages that send NFTs, as Initia's wallet asks for them. The
 * request is read in nft/nft-request.ts, the way found in nft/nft-path.ts, and the messages built in
 * nft/nft-msgs.ts; this module picks which messages each way needs.
 */
import { badRequest, notFound } from "../api/errors.js";
import type { OperationHandlers } from "../api/operation.js";
import { parseChainAddress } from "./chain-address.js";
import { classOnReceiver, l1CollectionOf } from "./nft/ics721-class.js";
import {
  type AminoMsg,
  evmTransferMsgs,
  type HopDelivery,
  L1_NFT_HOOK,
  l1ForwardMemo,
  moveTransferMsgs,
  nftTransferMsg,
  wasmIcs721Msgs,
  wasmTransferMsgs,
} from "./nft/nft-msgs.js";
import { findNftPath, type NftHop, type NftPath } from "./nft/nft-path.js";
import {
  collectionOf,
  type NftSend,
  objectsOf,
  readNftSend,
  sentClassOf,
  uint256Ids,
} from "./nft/nft-request.js";
import { type RouterDeps, requireRegistry } from "./router-deps.js";

function sameChainMsgs(send: NftSend): AminoMsg[] {
  switch (send.vm) {
    case "move":
      return moveTransferMsgs(send.from, send.to, objectsOf(send));
    case "evm":
      return evmTransferMsgs(send.from, send.to, collectionOf(send), uint256Ids(send));
    case "wasm":
      return wasmTransferMsgs(send.from, send.to, collectionOf(send), send.tokenIds);
  }
}

/**
 * The class as the source chain's packet carries it (its full trace for a class that arrived over
 * IBC). A miniwasm collection's class is its contract, or the trace the wallet read from it.
 */
function sentClassPath(send: NftSend): string {
  if (send.vm === "wasm") {
    const trace = send.body.class_trace;
    return trace ? `${trace.path}/${trace.base_class_id}` : collectionOf(send).bech32;
  }
  const { classId, fullPath } = sentClassOf(send, send.vm);
  if (classId.startsWith("ibc/") && !fullPath) {
    throw badRequest(
      `invalid class_trace: required to forward ${classId} through the L1, whose collection of the class depends on its trace; read it from the node's /ibc/apps/nft_transfer/v1/class_traces/{hash}`,
      [{ field: "body.class_trace", description: "required for an ibc/ class sent through the L1" }],
    );
  }
  return fullPath ?? classId;
}

/** The source chain's messages that send the tokens over `hop`. */
function firstHopMsgs(send: NftSend, hop: NftHop, delivery: HopDelivery): AminoMsg[] {
  if (send.vm === "wasm") {
    const proxy = send.body.outgoing_proxy;
    if (proxy && typeof parseChainAddress(send.source, proxy) === "string") {
      throw badRequest(`invalid outgoing_proxy: not a contract address of ${send.source.chain_id}`, [
        { field: "body.outgoing_proxy", description: `expected a bech32 address of ${send.source.chain_id}` },
      ]);
    }
    return wasmIcs721Msgs(send.from, collectionOf(send), hop, send.tokenIds, delivery, proxy ?? undefined);
  }
  const { classId } = sentClassOf(send, send.vm);
  return [nftTransferMsg(send.from, hop, classId, send.tokenIds, delivery)];
}

/** The recipient as its chain spells it in a packet. */
const receiverOf = (send: NftSend) => send.to.bech32 || send.to.hex;

function viaL1Msgs(send: NftSend, first: NftHop, second: NftHop): AminoMsg[] {
  const collection = l1CollectionOf(classOnReceiver(sentClassPath(send), first));
  if (typeof collection === "string") {
    throw badRequest(`invalid class_id: ${collection}`, [
      { field: "body.class_id", description: collection },
    ]);
  }
  const l1 = first.to;
  let recover = send.from.bytes;
  if (send.body.l1_recover_address !== undefined) {
    const parsed = parseChainAddress(l1, send.body.l1_recover_address);
    if (typeof parsed === "string") {
      throw badRequest(`invalid l1_recover_address: not an address of ${l1.chain_id}: ${parsed}`, [
        { field: "body.l1_recover_address", description: `expected an address of ${l1.chain_id}` },
      ]);
    }
    recover = parsed.bytes;
  }
  // The second packet leaves the L1 only once the first arrived: it gets a window of its own.
  const memo = l1ForwardMemo({
    recover,
    receiver: receiverOf(send),
    collection,
    tokenIds: send.tokenIds,
    second,
    timeoutNs: send.timeoutNs + send.timeoutSeconds * 1_000_000_000n,
  });
  const receiver = `${L1_NFT_HOOK.module_address}::${L1_NFT_HOOK.module_name}::${L1_NFT_HOOK.function_name}`;
  return firstHopMsgs(send, first, { receiver, memo, timeoutNs: send.timeoutNs });
}

function msgsFor(send: NftSend, path: NftPath): AminoMsg[] {
  switch (path.kind) {
    case "same_chain":
      return sameChainMsgs(send);
    case "direct":
      return firstHopMsgs(send, path.hop, { receiver: receiverOf(send), timeoutNs: send.timeoutNs });
    case "via_l1":
      return viaL1Msgs(send, path.first, path.second);
  }
}

export function createNftHandlers(deps: RouterDeps): OperationHandlers {
  return {
    getNftMsgs: (input) => {
      const registry = requireRegistry(deps);
      const send = readNftSend(registry, input.body, deps.now());
      const path = findNftPath(registry, send.source, send.destination);
      if (typeof path === "string") throw notFound(path);
      return { msgs: msgsFor(send, path) };
    },
  };
}
