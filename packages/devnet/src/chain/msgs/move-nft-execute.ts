/**
 * Move NFT txs as an Initia Move chain delivers them: one `/initia.move.v1.MsgExecute` of a 0x1
 * entry function (`initia_nft::create_collection`, `initia_nft::mint`, `object::transfer`,
 * `initia_nft::burn`), whose events are the `execute` event and `move` events with `type_tag` and
 * `data` JSON in the key order of the real l1-interwoven-1 fixtures (object::CreateEvent,
 * collection::CreateCollectionEvent / MintEvent / BurnEvent, object::TransferEvent). Args are the
 * BCS of the entry function's parameters. A failed transfer (a non-owner's) aborts in 0x1::object.
 * The argument encoders and event builders are exported: the live L1 (interchain/nft/move-nfts.ts)
 * executes the same entry functions and emits the same events.
 */
import { msgExecuteCodec, TYPE_MSG_EXECUTE } from "../../interchain/initia-protos.js";
import type { AbciEvent } from "../../payloads.js";
import type { NftAction } from "../nft/nft-schedule.js";
import { type NftContext, type NftTxBuild, tokenUri } from "../nft/nft-tx.js";
import { seededTx } from "./seeded-tx.js";
import { msgResponseData } from "./tx-result.js";

const NFT_TYPE = "0x1::initia_nft::InitiaNft";
/** error::permission_denied(ENOT_OBJECT_OWNER = 4) of 0x1::object. */
export const NOT_OWNER_ABORT = 327684;
/** The log of a MsgExecute that aborted in 0x1::object with `code` (the tx's code is 4, codespace move). */
export const moveAbortLog = (code: number) => `VM aborted: location=0x1::object, code=${code}`;

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

export const bcsString = (s: string) => Buffer.concat([uleb128(Buffer.byteLength(s)), Buffer.from(s)]);
export const bcsAddress = (hex: string) => Buffer.from(hex.slice(2).padStart(64, "0"), "hex");
export const bcsBool = (b: boolean) => Buffer.from([b ? 1 : 0]);

/**
 * `initia_nft::create_collection`'s args: description, max_supply: Option<u64>, name, uri, six
 * mutability flags, royalty: BigDecimal (0).
 */
export const createCollectionArgs = (name: string, uri: string): Buffer[] => [
  bcsString(""),
  Buffer.from([0]),
  bcsString(name),
  bcsString(uri),
  ...[true, true, true, true, true, true].map(bcsBool),
  Buffer.from([0]),
];

/** `initia_nft::mint`'s args: collection name, description, token_id, token_uri, can_burn, to: Option<address>. */
export const mintArgs = (m: {
  collectionName: string;
  tokenId: string;
  uri: string;
  to: string;
}): Buffer[] => [
  bcsString(m.collectionName),
  bcsString(""),
  bcsString(m.tokenId),
  bcsString(m.uri),
  bcsBool(true),
  Buffer.concat([Buffer.from([1]), bcsAddress(m.to)]),
];

/** A `move` event: its struct tag and its data JSON (the chain adds msg_index). */
export const moveEvent = (typeTag: string, data: Record<string, string>): AbciEvent => ({
  type: "move",
  attributes: [
    { key: "type_tag", value: typeTag, index: true },
    { key: "data", value: JSON.stringify(data), index: true },
  ],
});

/** The `execute` event of a MsgExecute of a 0x1 function by `sender` (hex). */
export const executeEvent = (sender: string, module: string, fn: string): AbciEvent => ({
  type: "execute",
  attributes: [
    { key: "sender", value: sender, index: true },
    { key: "module_addr", value: "0x1", index: true },
    { key: "module_name", value: module, index: true },
    { key: "function_name", value: fn, index: true },
  ],
});

/** What `0x1::object::transfer` emits: nothing when the owner does not change. */
export const transferEvents = (t: { object: string; from: string; to: string }): AbciEvent[] =>
  t.from === t.to ? [] : [moveEvent("0x1::object::TransferEvent", t)];

/** `initia_nft::create_collection`'s events (addresses as Move prints them). */
export const createCollectionEvents = (c: { collection: string; creator: string; name: string }) => [
  moveEvent("0x1::object::CreateEvent", { object: c.collection, owner: c.creator, version: "1" }),
  moveEvent("0x1::collection::CreateCollectionEvent", c),
];

/** `initia_nft::mint`'s events: the object is created for the creator, then moved to `to`. */
export const mintEvents = (m: {
  collection: string;
  object: string;
  tokenId: string;
  creator: string;
  to: string;
}): AbciEvent[] => [
  moveEvent("0x1::object::CreateEvent", { object: m.object, owner: m.creator, version: "1" }),
  moveEvent("0x1::collection::MintEvent", { collection: m.collection, token_id: m.tokenId, nft: m.object }),
  ...transferEvents({ object: m.object, from: m.creator, to: m.to }),
];

/** `event` with the msg_index attribute a one-message tx's events end with. */
const atIndex0 = (event: AbciEvent): AbciEvent => ({
  ...event,
  attributes: [...event.attributes, { key: "msg_index", value: "0", index: true }],
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
    args = createCollectionArgs(c.name, `https://devnet.weft.example/${c.index}`);
    events = createCollectionEvents({ collection, creator, name: c.name });
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
      args = mintArgs({
        collectionName: token.collection.name,
        tokenId: token.tokenId,
        uri: tokenUri(token.collection.index, token.tokenId),
        to,
      });
      events = mintEvents({ collection, object, tokenId: token.tokenId, creator, to });
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
        moveEvent("0x1::object::TransferEvent", {
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
      events = [
        moveEvent("0x1::collection::BurnEvent", { collection, token_id: token.tokenId, nft: object }),
      ];
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
    value: msgExecuteCodec.encode({
      sender,
      moduleAddress: "0x1",
      moduleName: module,
      functionName: fn,
      typeArgs,
      args,
    }),
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
          log: `failed to execute message; message index: 0: ${moveAbortLog(NOT_OWNER_ABORT)}`,
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
            atIndex0(executeEvent(ctx.hex[signer] ?? "", module, fn)),
            ...events.map(atIndex0),
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
