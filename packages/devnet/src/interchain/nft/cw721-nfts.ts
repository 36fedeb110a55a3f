/**
 * cw721 NFTs on the live miniwasm rollup: `/cosmwasm.wasm.v1.MsgInstantiateContract` of the
 * devnet's cw721-base code (code id 1) and `/cosmwasm.wasm.v1.MsgExecuteContract` of its `mint` and
 * `transfer_nft`, and `send_nft` to a contract that takes NFTs (cw-ics721, ics721/), with the `instantiate`, `execute` and `wasm` events the seeded chain's cw721 txs
 * carry (chain/msgs/wasm-nft-execute.ts builds both), and the contract's smart queries
 * (`contract_info`, `owner_of`, `nft_info`, `num_tokens`, `minter`). Contract addresses are
 * wasmd's classic ones (nft-addresses.ts), instance ids counted from 1.
 *
 * A transfer by anyone but the token's owner, or a mint by anyone but the minter, is refused as
 * cw721-base refuses it (code 5, codespace wasm). Approvals are not modelled.
 */
import { MsgExecuteContract, MsgInstantiateContract } from "cosmjs-types/cosmwasm/wasm/v1/tx";
import { bech32Of } from "../../chain/chain-setup.js";
import {
  CW721_CODE_ID,
  CW721_NOT_OWNER,
  cw721ExecuteEvents,
  instantiateEvent,
  TYPE_EXECUTE,
  TYPE_INSTANTIATE,
} from "../../chain/msgs/wasm-nft-execute.js";
import type { AbciEvent } from "../../payloads.js";
import type { RestAnswer } from "../../rest-state.js";
import type { ExecContext, LiveChain } from "../live-chain/live-chain-types.js";
import { TxFailure } from "../live-chain/tx-failure.js";
import type { LiveNfts, LiveToken } from "./live-nfts.js";
import { bech32Bytes, wasmContractAddress } from "./nft-addresses.js";

/** The failure a contract's error becomes (wasmd's ErrExecuteFailed: code 5, codespace wasm). */
const contractError = (message: string) =>
  new TxFailure(5, `${message}: execute wasm contract failed`, "wasm");
/** cw721-base's error for a token id it does not hold. */
const tokenNotFound =
  "cw721_base::state::TokenInfo<core::option::Option<cosmwasm_std::results::empty::Empty>> not found";

const parseMsg = (bytes: Uint8Array): Record<string, Record<string, unknown>> => {
  try {
    return JSON.parse(Buffer.from(bytes).toString("utf8")) as Record<string, Record<string, unknown>>;
  } catch {
    throw contractError("Error parsing into type cw721_base::msg::ExecuteMsg: expected value");
  }
};

/** The account a cw721 validates (`addr_validate`): a bech32 of the chain's prefix. */
function validated(address: unknown, prefix: string): string {
  try {
    if (typeof address === "string" && address.startsWith(`${prefix}1`)) {
      bech32Bytes(address);
      return address;
    }
  } catch {
    // Falls through to the contract's error.
  }
  throw contractError(`Generic error: addr_validate errored: invalid address ${String(address)}`);
}

/**
 * A contract that takes NFTs by cw721's `send_nft` (cw-ics721's `receive_nft`): called once the
 * token is checked as the sender's, before it moves; returns its events (it moves the token).
 */
export type NftReceiver = (
  ctx: ExecContext,
  r: { cw721: string; token: LiveToken; sender: string; msg: string },
) => AbciEvent[];

export interface Cw721Nfts {
  /** The address (0x + 64 hex) the `n`-th instantiation on this chain gets, n from 1. */
  addressOfInstance(n: number): string;
  /** Instantiates a cw721 in `ctx` (as a contract does): its address and `instantiate` event. */
  instantiate(
    ctx: ExecContext,
    c: { name: string; symbol: string; creator: string; minter: string },
  ): { address: string; event: AbciEvent };
  /** Makes `contract` (bech32) a receiver of `send_nft`. */
  acceptNfts(contract: string, receiver: NftReceiver): void;
}

export function installCw721Nfts(chain: LiveChain): Cw721Nfts {
  const { nfts, prefix } = chain;
  let instances = 0;
  const addressOfInstance = (n: number) => wasmContractAddress(CW721_CODE_ID, BigInt(n));
  const receivers = new Map<string, NftReceiver>();
  const instantiate: Cw721Nfts["instantiate"] = (ctx, c) => {
    instances++;
    ctx.journal.push(() => {
      instances--;
    });
    const address = addressOfInstance(instances);
    nfts.addCollection(ctx, { address, standard: "cw721", uri: "", ...c });
    return { address, event: instantiateEvent(bech32Of(address, prefix)) };
  };

  chain.handle(
    TYPE_INSTANTIATE,
    (ctx, value) => {
      const m = MsgInstantiateContract.decode(value);
      if (m.sender !== ctx.signer) throw new TxFailure(4, `${m.sender} is not the signer: unauthorized`);
      if (m.codeId !== CW721_CODE_ID)
        throw new TxFailure(2, `no such code: ${m.codeId}: the devnet has only cw721-base`, "wasm");
      const init = parseMsg(m.msg) as unknown as { name?: unknown; symbol?: unknown; minter?: unknown };
      if (typeof init.name !== "string" || typeof init.symbol !== "string")
        throw new TxFailure(
          4,
          "Error parsing into type cw721_base::msg::InstantiateMsg: missing field `name`: instantiate wasm contract failed",
          "wasm",
        );
      const minter = init.minter === undefined ? m.sender : validated(init.minter, prefix);
      return [instantiate(ctx, { name: init.name, symbol: init.symbol, creator: m.sender, minter }).event];
    },
    (value) => {
      const m = MsgInstantiateContract.decode(value);
      return {
        sender: m.sender,
        admin: m.admin,
        code_id: String(m.codeId),
        label: m.label,
        msg: JSON.parse(Buffer.from(m.msg).toString("utf8")),
        funds: m.funds,
      };
    },
  );

  chain.handle(
    TYPE_EXECUTE,
    (ctx, value) => {
      const m = MsgExecuteContract.decode(value);
      if (m.sender !== ctx.signer) throw new TxFailure(4, `${m.sender} is not the signer: unauthorized`);
      let address = "";
      try {
        address = `0x${bech32Bytes(m.contract).toString("hex")}`;
      } catch {
        // Not bech32: no contract has that address.
      }
      const collection = nfts.collection(address);
      // wasmd's ErrNoSuchContract.
      if (collection?.standard !== "cw721")
        throw new TxFailure(22, `address ${m.contract}: no such contract`, "wasm");
      if (m.funds.length > 0) throw contractError("Generic error: the devnet's cw721 takes no funds");
      const msg = parseMsg(m.msg);
      if (msg.mint) {
        const { token_id: tokenId, owner, token_uri: uri } = msg.mint;
        if (m.sender !== collection.minter) throw contractError(CW721_NOT_OWNER);
        if (typeof tokenId !== "string")
          throw contractError(
            "Error parsing into type cw721_base::msg::ExecuteMsg: missing field `token_id`",
          );
        if (nfts.token(address, tokenId)) throw contractError("token_id already claimed");
        const to = validated(owner, prefix);
        nfts.mint(ctx, { collection: address, tokenId, uri: typeof uri === "string" ? uri : "", owner: to });
        return cw721ExecuteEvents(m.contract, [
          ["action", "mint"],
          ["minter", m.sender],
          ["owner", to],
          ["token_id", tokenId],
        ]);
      }
      if (msg.transfer_nft) {
        const { recipient, token_id: tokenId } = msg.transfer_nft;
        const token = typeof tokenId === "string" ? nfts.token(address, tokenId) : undefined;
        if (!token) throw contractError(tokenNotFound);
        if (nfts.ownerAt(token) !== m.sender) throw contractError(CW721_NOT_OWNER);
        const to = validated(recipient, prefix);
        nfts.transfer(ctx, token, to);
        return cw721ExecuteEvents(m.contract, [
          ["action", "transfer_nft"],
          ["sender", m.sender],
          ["recipient", to],
          ["token_id", token.tokenId],
        ]);
      }
      if (msg.send_nft) {
        const { contract, token_id: tokenId, msg: inner } = msg.send_nft;
        const token = typeof tokenId === "string" ? nfts.token(address, tokenId) : undefined;
        if (!token || nfts.ownerAt(token) === undefined) throw contractError(tokenNotFound);
        if (nfts.ownerAt(token) !== m.sender) throw contractError(CW721_NOT_OWNER);
        const to = validated(contract, prefix);
        const receiver = receivers.get(to);
        // wasmd's ErrNoSuchContract, from the sub-message to the receiving contract.
        if (!receiver) throw new TxFailure(22, `address ${to}: no such contract`, "wasm");
        return [
          ...cw721ExecuteEvents(m.contract, [
            ["action", "send_nft"],
            ["sender", m.sender],
            ["recipient", to],
            ["token_id", token.tokenId],
          ]),
          ...receiver(ctx, {
            cw721: m.contract,
            token,
            sender: m.sender,
            msg: typeof inner === "string" ? inner : "",
          }),
        ];
      }
      throw contractError("Error parsing into type cw721_base::msg::ExecuteMsg: unknown variant");
    },
    (value) => {
      const m = MsgExecuteContract.decode(value);
      return {
        sender: m.sender,
        contract: m.contract,
        msg: JSON.parse(Buffer.from(m.msg).toString("utf8")),
        funds: m.funds,
      };
    },
  );
  return {
    addressOfInstance,
    instantiate,
    acceptNfts: (contract, receiver) => {
      receivers.set(contract, receiver);
    },
  };
}

const queryError = (message: string): RestAnswer => ({
  status: 500,
  body: { code: 2, message: `${message}: query wasm contract failed`, details: [] },
});

/**
 * The smart query `query` of the live cw721 at `address` (0x + 64 hex) after block `height`, as the
 * node's REST answers it (`{data}`, or grpc-gateway's error); undefined when no live cw721 is there.
 */
export function cw721Query(
  nfts: LiveNfts,
  address: string,
  query: Record<string, Record<string, unknown> | undefined>,
  height: number,
): RestAnswer | undefined {
  const collection = nfts.collection(address);
  if (collection?.standard !== "cw721" || collection.height > height) return undefined;
  const ok = (data: unknown): RestAnswer => ({ status: 200, body: { data } });
  const tokenOf = (q: Record<string, unknown> | undefined) => {
    const token = typeof q?.token_id === "string" ? nfts.token(address, q.token_id) : undefined;
    return token && nfts.ownerAt(token, height) !== undefined ? token : undefined;
  };
  if (query.contract_info) return ok({ name: collection.name, symbol: collection.symbol });
  if (query.minter) return ok({ minter: collection.minter });
  if (query.num_tokens)
    return ok({ count: nfts.tokens(address).filter((t) => nfts.ownerAt(t, height) !== undefined).length });
  if (query.owner_of) {
    const token = tokenOf(query.owner_of);
    return token ? ok({ owner: nfts.ownerAt(token, height), approvals: [] }) : queryError(tokenNotFound);
  }
  if (query.nft_info) {
    const token = tokenOf(query.nft_info);
    return token ? ok({ token_uri: token.uri, extension: null }) : queryError(tokenNotFound);
  }
  return queryError("Error parsing into type cw721_base::msg::QueryMsg: unknown variant");
}

/** wasmd's record of a live cw721 (name, symbol, creator) after block `height`, or undefined. */
export function cw721Contract(nfts: LiveNfts, address: string, height: number) {
  const c = nfts.collection(address);
  return c?.standard === "cw721" && c.height <= height
    ? { name: c.name, symbol: c.symbol, creator: c.creator }
    : undefined;
}
