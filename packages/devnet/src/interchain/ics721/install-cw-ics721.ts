/**
 * cw-ics721 on the live miniwasm rollup: the contract bound to the port `wasm.<contract>`. A
 * cw721's `send_nft` to it with an IbcOutgoingMsg (`{receiver, channel_id, timeout, memo?}`, base64
 * JSON) sends the token over ICS-721 (ics721-state.ts); it receives and settles its packets like
 * the nft-transfer module (nft-recv-packet.ts, nft-settle-packet.ts), with its own classes
 * (cw721-class-vm.ts). Its smart queries (`class_id`, `nft_contract`, `outgoing_proxy`,
 * `incoming_proxy`) are answered at the head.
 */
import { bech32Of } from "../../chain/chain-setup.js";
import type { NodeExtension } from "../../node-server.js";
import type { IbcModule } from "../ibc/install-ibc.js";
import type { LiveChain } from "../live-chain/live-chain-types.js";
import { TxFailure } from "../live-chain/tx-failure.js";
import type { Cw721Nfts } from "../nft/cw721-nfts.js";
import { bech32Bytes } from "../nft/nft-addresses.js";
import { cw721ClassVm } from "./cw721-class-vm.js";
import { type Ics721State, sendNfts, setJournaled } from "./ics721-state.js";
import { nftRecvPacket } from "./nft-recv-packet.js";
import { nftAcknowledgement, nftTimeout } from "./nft-settle-packet.js";

type Route = NonNullable<NodeExtension["route"]>;

const SMART_QUERY = /^\/cosmwasm\/wasm\/v1\/contract\/([a-z0-9]+)\/smart\/([A-Za-z0-9+/=_%-]+)$/;

const outgoingError = (why: string) =>
  new TxFailure(
    5,
    `Error parsing into type ics721_types::ibc_types::IbcOutgoingMsg: ${why}: execute wasm contract failed`,
    "wasm",
  );

/** Installs cw-ics721 at `contract` (bech32) on the rollup; returns its node route. */
export function installCwIcs721(
  chain: LiveChain,
  ibc: IbcModule,
  cw721s: Cw721Nfts,
  contract: string,
): Route {
  const state: Ics721State = {
    chain,
    vm: cw721ClassVm(chain, cw721s, contract),
    ibc,
    port: `wasm.${contract}`,
    nextSeq: new Map(),
    traces: new Map(),
    vouchers: new Map(),
    origins: new Map(),
    sent: new Map(),
  };
  /** cw721 (bech32) -> its class id, for the classes the contract has sent or received. */
  const classOf = new Map<string, string>();
  cw721s.acceptNfts(contract, (ctx, r) => {
    let out: { receiver?: unknown; channel_id?: unknown; timeout?: { timestamp?: unknown }; memo?: unknown };
    try {
      out = JSON.parse(Buffer.from(r.msg, "base64").toString("utf8"));
    } catch {
      throw outgoingError("expected value");
    }
    if (typeof out.receiver !== "string") throw outgoingError("missing field `receiver`");
    if (typeof out.channel_id !== "string") throw outgoingError("missing field `channel_id`");
    const voucher = [...state.vouchers].find(
      ([, v]) => bech32Of(v.collection, chain.prefix) === r.cw721,
    )?.[0];
    const classId = voucher ?? r.cw721;
    if (!voucher) setJournaled(ctx, classOf, r.cw721, classId);
    return sendNfts(state, ctx, {
      channel: out.channel_id,
      sender: r.sender,
      receiver: out.receiver,
      classId,
      tokenIds: [r.token.tokenId],
      memo: typeof out.memo === "string" ? out.memo : "",
      timeoutNs: BigInt(typeof out.timeout?.timestamp === "string" ? out.timeout.timestamp : "0"),
    });
  });
  ibc.bindPort(state.port, {
    recv: nftRecvPacket(state),
    acknowledge: nftAcknowledgement(state),
    timeout: nftTimeout(state),
  });
  const hexOf = (address: string) => `0x${bech32Bytes(address).toString("hex")}`;
  return async (method, url) => {
    const smart = method === "GET" ? SMART_QUERY.exec(url.pathname) : null;
    if (!smart || smart[1] !== contract) return undefined;
    let query: Record<string, Record<string, unknown> | undefined>;
    try {
      query = JSON.parse(Buffer.from(decodeURIComponent(smart[2] ?? ""), "base64").toString("utf8"));
    } catch {
      return undefined;
    }
    const ok = (data: unknown) => ({ status: 200, body: { data } });
    if (query.outgoing_proxy || query.incoming_proxy) return ok(null);
    if (query.class_id) {
      const cw721 = String(query.class_id.contract ?? "");
      const voucher = [...state.vouchers].find(([, v]) => v.collection === safeHex(hexOf, cw721))?.[0];
      return ok(voucher ?? classOf.get(cw721) ?? null);
    }
    if (query.nft_contract) {
      const classId = String(query.nft_contract.class_id ?? "");
      const voucher = state.vouchers.get(classId)?.collection;
      const native = [...classOf].find(([, c]) => c === classId)?.[0];
      return ok(voucher ? bech32Of(voucher, chain.prefix) : (native ?? null));
    }
    return {
      status: 500,
      body: {
        code: 2,
        message: "Error parsing into type ics721::msg::QueryMsg: unknown variant: query wasm contract failed",
        details: [],
      },
    };
  };
}

const safeHex = (hexOf: (a: string) => string, address: string) => {
  try {
    return hexOf(address);
  } catch {
    return "";
  }
};
