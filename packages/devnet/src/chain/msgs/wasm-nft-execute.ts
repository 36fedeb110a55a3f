/**
 * cw721 txs as an Initia CosmWasm chain (miniwasm) delivers them: a `MsgInstantiateContract` per
 * collection (the `instantiate` event names the new contract), then `MsgExecuteContract` mint /
 * transfer_nft / burn, whose `execute` and `wasm` events carry the attributes, in the order, of the
 * real miniwasm-moo-1 fixtures (`_contract_address`, `action`, then the action's own keys). A
 * failed transfer (a non-owner's) is refused by the contract. Contract addresses are 32 bytes.
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
const CW721_CODE_ID = 1n;

const attr = (key: string, value: string) => ({ key, value, index: true });

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
    own = [
      {
        type: "instantiate",
        attributes: [
          attr("_contract_address", contract),
          attr("code_id", String(CW721_CODE_ID)),
          attr("msg_index", "0"),
        ],
      },
    ];
    nft = [{ kind: "collection", collection, name: c.name, creator: account(signer) }];
    accounts = [account(signer), contract];
  } else {
    const { token } = action;
    const tokenId = token.tokenId;
    let wasm: { key: string; value: string; index: boolean }[];
    if (action.kind === "mint") {
      signer = c.creator;
      const owner = account(token.owner);
      msg = {
        mint: { owner, token_id: tokenId, token_uri: `https://devnet.weft.example/${c.index}/${tokenId}` },
      };
      wasm = [
        attr("action", "mint"),
        attr("minter", account(signer)),
        attr("owner", owner),
        attr("token_id", tokenId),
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
        attr("action", "transfer_nft"),
        attr("sender", account(signer)),
        attr("recipient", recipient),
        attr("token_id", tokenId),
      ];
      nft = [{ kind: "transfer", collection, tokenId, owner: recipient }];
      accounts = [account(signer), contract, recipient];
    } else {
      signer = action.by;
      msg = { burn: { token_id: tokenId } };
      wasm = [attr("action", "burn"), attr("sender", account(signer)), attr("token_id", tokenId)];
      nft = [{ kind: "burn", collection, tokenId }];
      accounts = [account(signer), contract];
    }
    own = [
      { type: "execute", attributes: [attr("_contract_address", contract), attr("msg_index", "0")] },
      {
        type: "wasm",
        attributes: [attr("_contract_address", contract), ...wasm, attr("msg_index", "0")],
      },
    ];
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
          log: "failed to execute message; message index: 0: Caller is not the contract's current owner: execute wasm contract failed",
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
