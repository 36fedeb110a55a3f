/**
 * ICS-721 (NFT transfer) on a live chain, as Initia's nft-transfer module runs it on the L1 (Move)
 * and on minievm: `/ibc.applications.nft_transfer.v1.MsgTransfer` sends (ics721-state.ts), the
 * module bound to the `nft-transfer` port receives (nft-recv-packet.ts) and settles
 * (nft-settle-packet.ts) its packets, and the node answers the module's queries: class traces
 * (`GET /ibc/apps/nft_transfer/v1/class_traces/{hash}`) and, on minievm, the origin ids of voucher
 * tokens (`GET /minievm/evm/v1/erc721/origin_token_infos/{class_id}?token_ids=a,b`). On the L1
 * the Move hook (move-nft-hook.ts) sits in front of its receives.
 */
import type { NodeExtension } from "../../node-server.js";
import type { IbcModule } from "../ibc/install-ibc.js";
import { nftTransferCodec, TYPE_NFT_TRANSFER } from "../initia-protos.js";
import type { LiveChain } from "../live-chain/live-chain-types.js";
import { TxFailure } from "../live-chain/tx-failure.js";
import type { NftVm } from "../nft/live-nfts.js";
import { evmClassVm } from "./evm-class-vm.js";
import type { Ics721State } from "./ics721-state.js";
import { sendNfts } from "./ics721-state.js";
import { moveClassVm } from "./move-class-vm.js";
import { moveNftHook } from "./move-nft-hook.js";
import { nftRecvPacket } from "./nft-recv-packet.js";
import { nftAcknowledgement, nftTimeout } from "./nft-settle-packet.js";

export const NFT_TRANSFER_PORT = "nft-transfer";

type Route = NonNullable<NodeExtension["route"]>;

const notFound = (message: string) => ({ status: 404, body: { code: 5, message, details: [] } });

/** Installs the nft-transfer module on a Move or minievm chain; returns its node route. */
export function installIcs721(chain: LiveChain, ibc: IbcModule, vm: Exclude<NftVm, "wasm">): Route {
  const state: Ics721State = {
    chain,
    vm: vm === "move" ? moveClassVm(chain) : evmClassVm(chain),
    ibc,
    port: NFT_TRANSFER_PORT,
    nextSeq: new Map(),
    traces: new Map(),
    vouchers: new Map(),
    origins: new Map(),
    sent: new Map(),
  };
  // The L1 runs Move hooks on what it receives (a rollup-to-rollup send goes through it).
  if (vm === "move") state.hook = moveNftHook(state);
  chain.handle(
    TYPE_NFT_TRANSFER,
    (ctx, value) => {
      const m = nftTransferCodec.decode(value);
      if (m.sender !== ctx.signer) throw new TxFailure(4, `${m.sender} is not the signer: unauthorized`);
      if (m.sourcePort !== NFT_TRANSFER_PORT)
        throw new TxFailure(
          1,
          `port ${m.sourcePort}, channel ${m.sourceChannel}: channel not found`,
          "channel",
        );
      return sendNfts(state, ctx, {
        channel: m.sourceChannel,
        sender: m.sender,
        receiver: m.receiver,
        classId: m.classId,
        tokenIds: m.tokenIds,
        memo: m.memo,
        timeoutNs: m.timeoutTimestamp,
      });
    },
    (value) => {
      const m = nftTransferCodec.decode(value);
      return {
        source_port: m.sourcePort,
        source_channel: m.sourceChannel,
        class_id: m.classId,
        token_ids: m.tokenIds,
        sender: m.sender,
        receiver: m.receiver,
        timeout_height: { revision_number: "0", revision_height: "0" },
        timeout_timestamp: m.timeoutTimestamp.toString(),
        memo: m.memo,
      };
    },
  );
  ibc.bindPort(NFT_TRANSFER_PORT, {
    recv: nftRecvPacket(state),
    acknowledge: nftAcknowledgement(state),
    timeout: nftTimeout(state),
  });
  return async (method, url) => {
    if (method !== "GET") return undefined;
    const path = decodeURIComponent(url.pathname);
    const trace = /^\/ibc\/apps\/nft_transfer\/v1\/class_traces\/(?:ibc\/)?([0-9A-Fa-f]{64})$/.exec(path);
    if (trace) {
      const classTrace = state.traces.get(`ibc/${trace[1]?.toUpperCase()}`);
      return classTrace
        ? { status: 200, body: { class_trace: classTrace } }
        : notFound(`${trace[1]}: class trace not found`);
    }
    const origin = /^\/minievm\/evm\/v1\/erc721\/origin_token_infos\/(.+)$/.exec(path);
    if (vm !== "evm" || !origin) return undefined;
    const classId = origin[1] ?? "";
    const voucher = classId.startsWith("ibc/");
    const collection = voucher ? state.vouchers.get(classId)?.collection : state.vm.nativeCollection(classId);
    if (!collection) return notFound(`${classId}: class not found`);
    const ids = (url.searchParams.get("token_ids") ?? "").split(",").filter(Boolean);
    const infos = [];
    for (const id of ids) {
      const token = chain.nfts.token(collection, id);
      if (!token) return notFound(`${classId}/${id}: token not found`);
      infos.push({ token_origin_id: state.origins.get(`${collection}/${id}`) ?? id, token_uri: token.uri });
    }
    return { status: 200, body: { token_infos: infos } };
  };
}
