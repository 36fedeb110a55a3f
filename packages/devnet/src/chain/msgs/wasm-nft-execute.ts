/**
 * cw721 txs as an Initia CosmWasm chain (miniwasm) delivers them: a `MsgInstantiateContract` per
 * collection (the `instantiate` event names the new contract), then `MsgExecuteContract` mint /
 * transfer_nft / burn, whose `execute` and `wasm` events carry the attributes, in the order, of the
 * real miniwasm-moo-1 fixtures (`_contract_address`, `action`, then the action's own keys). A
 * failed transfer (a non-owner's) is refused by the contract. Contract addresses are 32 bytes.
 * The event builders are exported: the live rollup (interchain/nft/cw721-nfts.ts) emits the same.
 */

import { bech32 } from "bech32";
import { MsgExecuteContract, MsgInstantiateContract } from "cosmjs-types/cosmwasm/wasm/v1/tx";
import type { AbciEvent } from "../../payloads.js";
import type { NftAction } from "../nft/nft-schedule.js";
import type { NftContext, NftTxBuild } from "../nft/nft-tx.js";
import { seededTx } from "./seeded-tx.js";
import { msgResponseData } from "./tx-result.js";

export const TYPE_INSTANTIATE = "/cosmwasm.wasm.v1.MsgInstantiateContract";
export const TYPE_EXECUTE = "/cosmwasm.wasm.v1.MsgExecuteContract";
/** The code id of the devnet's cw721-base. */
export const CW721_CODE_ID = 1n;
/**
 * cw721-base's refusal of a non-owner's transfer_nft (or a non-minter's mint), which wasmd reports
 * as `<this>: execute wasm contract failed`, code 5, codespace wasm.
 */
export const CW721_NOT_OWNER = "Caller is not the contract's current owner";

const attr = (key: string, value: string) => ({ key, value, index: true });

/** The `instantiate` event of a cw721 contract (the chain adds msg_index). */
export const instantiateEvent = (contract: string, codeId = CW721_CODE_ID): AbciEvent => ({
  type: "instantiate",
  attributes: [attr("_contract_address", contract), attr("code_id", String(codeId))],
});

/**
 * The `execute` and `wasm` events of a cw721 execute message: `wasm` carries the contract, then
 * `attributes` (action first) in the contract's order. The chain adds msg_index.
 */
export const cw721ExecuteEvents = (contract: string, attributes: [string, string][]): AbciEvent[] => [
  { type: "execute", attributes: [attr("_contract_address", contract)] },
  {
    type: "wasm",
    attributes: [attr("_contract_address", contract), ...attributes.map(([k, v]) => attr(k, v))],
  },
];

/** `event` with the msg_index attribute a one-message tx's events end with. */
const atIndex0 = (event: AbciEvent): AbciEvent => ({
  ...event,
  attributes: [...event.attributes, attr("msg_index", "0")],
});

export function wasmNftTx(
  ctx: NftContext,
  input: { action: NftAction; height: number; j: number },
): NftTxBuild {
  const { action, height, j } = input;
  const c = action.kind === "collection" ? action.collection : action.token.collection;
  const collection = ctx.collectionAddr(c);
  const contract = bech32.encode(ctx.prefix, bech32.toWords(Buffer.from(collection.slice(2), "hex")));
  const account = (i: number) => ctx.accounts[i] ?? "";
  let signer: number;
  let msg: Record<string, unknown>;
  let own: AbciEvent[];
  let nft: NftTxBuild["nft"];
  let accounts: string[];
  let failed = false;
  if (action.kind === "collection") {
    signer = c.creator;
    // Keep the symbol in step with nft-content.ts contract(), which answers contract_info.
    msg = { name: c.name, symbol: `WEFT${c.index}`, minter: account(signer) };
    own = [atIndex0(instantiateEvent(contract))];
    nft = [{ kind: "collection", collection, name: c.name, creator: account(signer) }];
    accounts = [account(signer), contract];
  } else {
    const { token } = action;
    const tokenId = token.tokenId;
    let wasm: [string, string][];
    if (action.kind === "mint") {
      signer = c.creator;
      const owner = account(token.owner);
      msg = {
        mint: { owner, token_id: tokenId, token_uri: `https://devnet.weft.example/${c.index}/${tokenId}` },
      };
      wasm = [
        ["action", "mint"],
        ["minter", account(signer)],
        ["owner", owner],
        ["token_id", tokenId],
      ];
      nft = [{ kind: "mint", collection, tokenId, owner }];
      accounts = [account(signer), contract, owner];
    } else if (action.kind === "transfer") {
      const { hop } = action;
      signer = hop.from;
      failed = hop.failed;
      const recipient = account(hop.to);
      msg = { transfer_nft: { recipient, token_id: tokenId } };
      wasm = [
        ["action", "transfer_nft"],
        ["sender", account(signer)],
        ["recipient", recipient],
        ["token_id", tokenId],
      ];
      nft = [{ kind: "transfer", collection, tokenId, owner: recipient }];
      accounts = [account(signer), contract, recipient];
    } else {
      signer = action.by;
      msg = { burn: { token_id: tokenId } };
      wasm = [
        ["action", "burn"],
        ["sender", account(signer)],
        ["token_id", tokenId],
      ];
      nft = [{ kind: "burn", collection, tokenId }];
      accounts = [account(signer), contract];
    }
    own = cw721ExecuteEvents(contract, wasm).map(atIndex0);
  }
  const sender = account(signer);
  const typeUrl = action.kind === "collection" ? TYPE_INSTANTIATE : TYPE_EXECUTE;
  const msgBytes = Buffer.from(JSON.stringify(msg));
  const value =
    action.kind === "collection"
      ? MsgInstantiateContract.encode({
          sender,
          admin: sender,
          codeId: CW721_CODE_ID,
          label: `weft devnet cw721 ${c.index}`,
          msg: msgBytes,
          funds: [],
        }).finish()
      : MsgExecuteContract.encode({ sender, contract, msg: msgBytes, funds: [] }).finish();
  const json =
    action.kind === "collection"
      ? {
          sender,
          admin: sender,
          code_id: String(CW721_CODE_ID),
          label: `weft devnet cw721 ${c.index}`,
          msg,
          funds: [],
        }
      : { sender, contract, msg, funds: [] };
  const fee = String(2_000 + ((height * 31 + j * 17) % 3_000));
  const tx = seededTx({
    typeUrl,
    value,
    json,
    key: ctx.keys[signer] ?? Buffer.alloc(33),
    signer: sender,
    sequence: BigInt(height * 16 + 8 + j),
    fee,
    gasLimit: 300_000n,
    label: `devnet-${ctx.seed}-wasm-nft-${height}-${j}`,
  });
  const gasUsed = String(110_000 + ((height * 7919 + j * 104_729) % 150_000));
  return {
    raw: tx.raw,
    hash: tx.hash,
    rest: tx.rest,
    result: failed
      ? {
          code: 5,
          data: "",
          log: `failed to execute message; message index: 0: ${CW721_NOT_OWNER}: execute wasm contract failed`,
          info: "",
          gas_wanted: "300000",
          gas_used: gasUsed,
          events: tx.txEvents,
          codespace: "wasm",
        }
      : {
          code: 0,
          data: msgResponseData(`${typeUrl}Response`),
          log: "",
          info: "",
          gas_wanted: "300000",
          gas_used: gasUsed,
          events: [
            ...tx.txEvents,
            {
              type: "message",
              attributes: [
                attr("action", typeUrl),
                attr("sender", sender),
                attr("module", "wasm"),
                attr("msg_index", "0"),
              ],
            },
            ...own,
          ],
          codespace: "",
        },
    signer: sender,
    msgType: typeUrl.slice(1),
    accounts: failed ? [sender] : accounts,
    nft: failed ? [] : nft,
  };
}
