/**
 * Move NFT txs as an Initia Move chain delivers them: one `/initia.move.v1.MsgExecute` of a 0x1
 * entry function (`initia_nft::create_collection`, `initia_nft::mint`, `object::transfer`,
 * `initia_nft::burn`), whose events are the `execute` event and `move` events with `type_tag` and
 * `data` JSON in the key order of the real l1-interwoven-1 fixtures (object::CreateEvent,
 * collection::CreateCollectionEvent / MintEvent / BurnEvent, object::TransferEvent). Args are the
 * BCS of the entry function's parameters. A failed transfer (a non-owner's) aborts in 0x1::object.
 */
import { BinaryWriter } from "cosmjs-types/binary";
import type { AbciEvent } from "../../payloads.js";
import type { NftAction } from "../nft/nft-schedule.js";
import { type NftContext, type NftTxBuild, tokenUri } from "../nft/nft-tx.js";
import { seededTx } from "./seeded-tx.js";
import { msgResponseData } from "./tx-result.js";

export const TYPE_MSG_EXECUTE = "/initia.move.v1.MsgExecute";
const NFT_TYPE = "0x1::initia_nft::InitiaNft";
/** error::permission_denied(ENOT_OBJECT_OWNER = 4) of 0x1::object. */
const NOT_OWNER_ABORT = 327684;

/** Unsigned LEB128, the BCS length prefix. */
export function uleb128(n: number): Buffer {
  const out: number[] = [];
  let v = n;
  do {
    let byte = v & 0x7f;
    v >>>= 7;
    if (v) byte |= 0x80;
    out.push(byte);
  } while (v);
  return Buffer.from(out);
}

const bcsString = (s: string) => Buffer.concat([uleb128(Buffer.byteLength(s)), Buffer.from(s)]);
const bcsAddress = (hex: string) => Buffer.from(hex.slice(2).padStart(64, "0"), "hex");
const bcsBool = (b: boolean) => Buffer.from([b ? 1 : 0]);

/** MsgExecute {sender=1, module_address=2, module_name=3, function_name=4, type_args=5, args=6}. */
function encodeMsgExecute(m: {
  sender: string;
  module: string;
  fn: string;
  typeArgs: string[];
  args: Buffer[];
}): Uint8Array {
  const w = BinaryWriter.create();
  w.uint32(10).string(m.sender).uint32(18).string("0x1").uint32(26).string(m.module).uint32(34).string(m.fn);
  for (const t of m.typeArgs) w.uint32(42).string(t);
  for (const a of m.args) w.uint32(50).bytes(a);
  return w.finish();
}

const move = (typeTag: string, data: Record<string, string>): AbciEvent => ({
  type: "move",
  attributes: [
    { key: "type_tag", value: typeTag, index: true },
    { key: "data", value: JSON.stringify(data), index: true },
    { key: "msg_index", value: "0", index: true },
  ],
});

export function moveNftTx(
  ctx: NftContext,
  input: { action: NftAction; height: number; j: number; objectOf: (c: string, id: string) => string },
): NftTxBuild {
  const { action, height, j } = input;
  let signer: number;
  let module: string;
  let fn: string;
  let typeArgs: string[] = [];
  let args: Buffer[];
  let events: AbciEvent[];
  let nft: NftTxBuild["nft"];
  let failed = false;
  /** Accounts and objects the events' data names. */
  let named: number[];
  let objects: string[];
  if (action.kind === "collection") {
    const c = action.collection;
    const collection = ctx.collectionAddr(c);
    signer = c.creator;
    const creator = ctx.hex[signer] ?? "";
    [module, fn] = ["initia_nft", "create_collection"];
    // description, max_supply: Option<u64>, name, uri, six mutability flags, royalty: BigDecimal (0).
    args = [
      bcsString(""),
      Buffer.from([0]),
      bcsString(c.name),
      bcsString(`https://devnet.weft.example/${c.index}`),
      ...[true, true, true, true, true, true].map(bcsBool),
      Buffer.from([0]),
    ];
    events = [
      move("0x1::object::CreateEvent", { object: collection, owner: creator, version: "1" }),
      move("0x1::collection::CreateCollectionEvent", { collection, creator, name: c.name }),
    ];
    nft = [{ kind: "collection", collection, name: c.name, creator: ctx.accounts[signer] ?? "" }];
    named = [signer];
    objects = [collection];
  } else {
    const { token } = action;
    const collection = ctx.collectionAddr(token.collection);
    const object = input.objectOf(collection, token.tokenId);
    if (action.kind === "mint") {
      signer = token.collection.creator;
      const creator = ctx.hex[signer] ?? "";
      const to = ctx.hex[token.owner] ?? "";
      [module, fn] = ["initia_nft", "mint"];
      // collection name, description, token_id, token_uri, can_burn, to: Option<address>.
      args = [
        bcsString(token.collection.name),
        bcsString(""),
        bcsString(token.tokenId),
        bcsString(tokenUri(token.collection.index, token.tokenId)),
        bcsBool(true),
        Buffer.concat([Buffer.from([1]), bcsAddress(to)]),
      ];
      events = [
        move("0x1::object::CreateEvent", { object, owner: creator, version: "1" }),
        move("0x1::collection::MintEvent", { collection, token_id: token.tokenId, nft: object }),
        // object::transfer emits nothing when the owner does not change (minted to the creator).
        ...(to === creator ? [] : [move("0x1::object::TransferEvent", { object, from: creator, to })]),
      ];
      nft = [
        {
          kind: "mint",
          collection,
          tokenId: token.tokenId,
          owner: ctx.accounts[token.owner] ?? "",
          object,
        },
      ];
      named = [signer, token.owner];
      objects = [collection, object];
    } else if (action.kind === "transfer") {
      const { hop } = action;
      signer = hop.from;
      failed = hop.failed;
      [module, fn, typeArgs] = ["object", "transfer", [NFT_TYPE]];
      args = [bcsAddress(object), bcsAddress(ctx.hex[hop.to] ?? "")];
      events = [
        move("0x1::object::TransferEvent", {
          object,
          from: ctx.hex[hop.from] ?? "",
          to: ctx.hex[hop.to] ?? "",
        }),
      ];
      nft = [{ kind: "transfer", collection, tokenId: token.tokenId, owner: ctx.accounts[hop.to] ?? "" }];
      named = [hop.from, hop.to];
      objects = [object];
    } else {
      signer = action.by;
      [module, fn] = ["initia_nft", "burn"];
      args = [bcsAddress(object)];
      events = [move("0x1::collection::BurnEvent", { collection, token_id: token.tokenId, nft: object })];
      nft = [{ kind: "burn", collection, tokenId: token.tokenId }];
      named = [signer];
      objects = [collection, object];
    }
  }
  const sender = ctx.accounts[signer] ?? "";
  const label = `devnet-${ctx.seed}-move-nft-${height}-${j}`;
  const fee = String(2_000 + ((height * 31 + j * 17) % 3_000));
  const tx = seededTx({
    typeUrl: TYPE_MSG_EXECUTE,
    value: encodeMsgExecute({ sender, module, fn, typeArgs, args }),
    json: {
      sender,
      module_address: "0x1",
      module_name: module,
      function_name: fn,
      type_args: typeArgs,
      args: args.map((a) => a.toString("base64")),
    },
    key: ctx.keys[signer] ?? Buffer.alloc(33),
    signer: sender,
    sequence: BigInt(height * 16 + 8 + j),
    fee,
    gasLimit: 400_000n,
    label,
  });
  const gasUsed = String(120_000 + ((height * 7919 + j * 104_729) % 150_000));
  return {
    raw: tx.raw,
    hash: tx.hash,
    rest: tx.rest,
    result: failed
      ? {
          code: 4,
          data: "",
          log: `failed to execute message; message index: 0: VM aborted: location=0x1::object, code=${NOT_OWNER_ABORT}`,
          info: "",
          gas_wanted: "400000",
          gas_used: gasUsed,
          events: tx.txEvents,
          codespace: "move",
        }
      : {
          code: 0,
          data: msgResponseData(`${TYPE_MSG_EXECUTE}Response`),
          log: "",
          info: "",
          gas_wanted: "400000",
          gas_used: gasUsed,
          events: [
            ...tx.txEvents,
            {
              type: "message",
              attributes: [
                { key: "action", value: TYPE_MSG_EXECUTE, index: true },
                { key: "sender", value: sender, index: true },
                { key: "module", value: "move", index: true },
                { key: "msg_index", value: "0", index: true },
              ],
            },
            {
              type: "execute",
              attributes: [
                { key: "sender", value: ctx.hex[signer] ?? "", index: true },
                { key: "module_addr", value: "0x1", index: true },
                { key: "module_name", value: module, index: true },
                { key: "function_name", value: fn, index: true },
                { key: "msg_index", value: "0", index: true },
              ],
            },
            ...events,
          ],
          codespace: "",
        },
    signer: sender,
    msgType: TYPE_MSG_EXECUTE.slice(1),
    // Move events name accounts only inside `data` JSON, which indexers scan for 0x addresses.
    accounts: failed
      ? [sender]
      : [...new Set([sender, ...named.map((i) => ctx.accounts[i] ?? ""), ...objects])],
    nft: failed ? [] : nft,
  };
}
