/**
 * Move NFTs on the live L1: `/initia.move.v1.MsgExecute` of the 0x1 entry functions a wallet and a
 * creator call (`initia_nft::create_collection`, `initia_nft::mint`, `object::transfer_call`, the
 * generic `object::transfer<T>`), with the `execute` and `move` events the seeded chain's Move NFT
 * txs carry (chain/msgs/move-nft-execute.ts builds both), and what the node answers about them: the
 * objects' resources (`0x1::nft::Nft`, `0x1::object::ObjectCore`, `0x1::collection::Collection`)
 * and the view functions a router or wallet asks (`POST /initia/move/v1/view/json`).
 *
 * As on chain, a collection and an NFT are named objects of their creator (nft-addresses.ts), so
 * only the creator can mint into its collection: another signer's `mint` names a collection that
 * does not exist. A transfer by anyone but the object's owner aborts with 0x1::object's
 * ENOT_OBJECT_OWNER.
 */

import type { MoveResource } from "../../chain/move-resource.js";
import {
  createCollectionEvents,
  executeEvent,
  mintEvents,
  moveAbortLog,
  NOT_OWNER_ABORT,
  transferEvents,
} from "../../chain/msgs/move-nft-execute.js";
import type { RestAnswer } from "../../rest-state.js";
import { msgExecuteCodec, TYPE_MSG_EXECUTE } from "../initia-protos.js";
import type { LiveChain } from "../live-chain/live-chain-types.js";
import { TxFailure } from "../live-chain/tx-failure.js";
import type { LiveNfts, LiveToken } from "./live-nfts.js";
import {
  accountOfMove,
  hexOfBech32,
  moveAddress,
  moveCollectionAddress,
  moveLiteral,
  moveNftAddress,
  namedObjectAddress,
} from "./nft-addresses.js";

/** error::not_found(EOBJECT_DOES_NOT_EXIST = 2) of 0x1::object. */
const OBJECT_NOT_FOUND_ABORT = 393218;
/** error::already_exists(EOBJECT_EXISTS = 1) of 0x1::object. */
const OBJECT_EXISTS_ABORT = 524289;
/** The resources every devnet NFT object holds: what `object::transfer<T>` accepts as T. */
const NFT_RESOURCES = new Set(["0x1::object::ObjectCore", "0x1::nft::Nft", "0x1::initia_nft::InitiaNft"]);
/** gas_used of a view call (the devnet meters nothing). */
const VIEW_GAS_USED = "5000";

const abort = (code: number) => new TxFailure(4, moveAbortLog(code), "move");

/** Reads BCS values off one argument's bytes (a malformed one fails as the VM's deserializer does). */
export function bcsReader(bytes: Uint8Array) {
  let at = 0;
  const take = (n: number) => {
    if (at + n > bytes.length) throw new TxFailure(4, "FAILED_TO_DESERIALIZE_ARGUMENT", "move");
    const out = bytes.subarray(at, at + n);
    at += n;
    return out;
  };
  const uleb = () => {
    let value = 0;
    for (let shift = 0; ; shift += 7) {
      const byte = take(1)[0] ?? 0;
      value |= (byte & 0x7f) << shift;
      if (!(byte & 0x80)) return value;
    }
  };
  const string = () => Buffer.from(take(uleb())).toString("utf8");
  return {
    string,
    strings: () => Array.from({ length: uleb() }, string),
    u64: () => Buffer.from(take(8)).readBigUInt64LE(),
    address: () => `0x${Buffer.from(take(32)).toString("hex")}`,
    optionAddress: () => ((take(1)[0] ?? 0) === 1 ? `0x${Buffer.from(take(32)).toString("hex")}` : undefined),
  };
}

const argReader = (args: Uint8Array[], i: number) => bcsReader(args[i] ?? new Uint8Array());

export function installMoveNfts(chain: LiveChain): void {
  const { nfts } = chain;
  chain.handle(
    TYPE_MSG_EXECUTE,
    (ctx, value) => {
      const m = msgExecuteCodec.decode(value);
      if (m.sender !== ctx.signer) throw new TxFailure(4, `${m.sender} is not the signer: unauthorized`);
      const fn = `${moveLiteral(m.moduleAddress)}::${m.moduleName}::${m.functionName}`;
      const sender = hexOfBech32(m.sender);
      const execute = executeEvent(moveLiteral(sender), m.moduleName, m.functionName);
      if (fn === "0x1::initia_nft::create_collection") {
        const args = m.args;
        const name = argReader(args, 2).string();
        const uri = argReader(args, 3).string();
        const collection = moveCollectionAddress(sender, name);
        if (nfts.collection(collection)) throw abort(OBJECT_EXISTS_ABORT);
        nfts.addCollection(ctx, {
          address: collection,
          standard: "move",
          name,
          symbol: "",
          uri,
          creator: m.sender,
          minter: m.sender,
        });
        return [
          execute,
          ...createCollectionEvents({
            collection: moveLiteral(collection),
            creator: moveLiteral(sender),
            name,
          }),
        ];
      }
      if (fn === "0x1::initia_nft::mint") {
        const [name, tokenId, uri] = [0, 2, 3].map((i) => argReader(m.args, i).string()) as [
          string,
          string,
          string,
        ];
        const to = argReader(m.args, 5).optionAddress() ?? sender;
        // The collection is the signer's own named object: another signer's does not exist.
        const collection = moveCollectionAddress(sender, name);
        if (!nfts.collection(collection)) throw abort(OBJECT_NOT_FOUND_ABORT);
        const object = moveNftAddress(sender, name, tokenId);
        if (nfts.tokenByObject(object)) throw abort(OBJECT_EXISTS_ABORT);
        nfts.mint(ctx, { collection, tokenId, uri, object, owner: accountOfMove(to, chain.prefix) });
        return [
          execute,
          ...mintEvents({
            collection: moveLiteral(collection),
            object: moveLiteral(object),
            tokenId,
            creator: moveLiteral(sender),
            to: moveLiteral(to),
          }),
        ];
      }
      const generic = fn === "0x1::object::transfer" && m.typeArgs.length === 1;
      if (fn === "0x1::object::transfer_call" || generic) {
        const object = moveAddress(argReader(m.args, 0).address());
        const to = argReader(m.args, 1).address();
        const token = nfts.tokenByObject(object);
        if (!token || (generic && !NFT_RESOURCES.has(m.typeArgs[0] ?? "")))
          throw abort(OBJECT_NOT_FOUND_ABORT);
        const owner = nfts.ownerAt(token) ?? "";
        if (owner !== m.sender) throw abort(NOT_OWNER_ABORT);
        const recipient = accountOfMove(to, chain.prefix);
        if (recipient !== owner) nfts.transfer(ctx, token, recipient);
        return [
          execute,
          ...transferEvents({ object: moveLiteral(object), from: moveLiteral(sender), to: moveLiteral(to) }),
        ];
      }
      throw new TxFailure(4, `the devnet does not model ${fn}`, "move");
    },
    (value) => {
      const m = msgExecuteCodec.decode(value);
      return {
        sender: m.sender,
        module_address: m.moduleAddress,
        module_name: m.moduleName,
        function_name: m.functionName,
        type_args: m.typeArgs,
        args: m.args.map((a) => Buffer.from(a).toString("base64")),
      };
    },
  );
}

const ownerLiteral = (nfts: LiveNfts, token: LiveToken, height?: number) =>
  moveLiteral(hexOfBech32(nfts.ownerAt(token, height) ?? ""));

/**
 * A resource of a live Move NFT object after block `height`, fields in declaration order as the
 * node's JSON prints them; undefined for anything else (the chain then asks its background).
 */
export function moveNftResource(
  nfts: LiveNfts,
  address: string,
  structTag: string,
  height: number,
): MoveResource | undefined {
  const token = nfts.tokenByObject(moveAddress(address));
  if (token && nfts.ownerAt(token, height) !== undefined) {
    if (structTag === "0x1::nft::Nft")
      return {
        type: structTag,
        data: {
          collection: { inner: moveLiteral(token.collection) },
          description: "",
          token_id: token.tokenId,
          uri: token.uri,
        },
      };
    if (structTag === "0x1::object::ObjectCore")
      return { type: structTag, data: objectCore(ownerLiteral(nfts, token, height)) };
    return undefined;
  }
  const collection = nfts.collection(moveAddress(address));
  if (collection?.standard !== "move" || collection.height > height) return undefined;
  if (structTag === "0x1::object::ObjectCore")
    return { type: structTag, data: objectCore(moveLiteral(hexOfBech32(collection.creator))) };
  if (structTag === "0x1::collection::Collection")
    return {
      type: structTag,
      data: {
        creator: moveLiteral(hexOfBech32(collection.creator)),
        description: "",
        name: collection.name,
        uri: collection.uri,
        // The table of its NFTs: its handle is an address of the devnet's own making.
        nfts: {
          handle: moveLiteral(namedObjectAddress(collection.address, "nfts")),
          length: String(
            nfts.tokens(collection.address).filter((t) => nfts.ownerAt(t, height) !== undefined).length,
          ),
        },
      },
    };
  return undefined;
}

const objectCore = (owner: string) => ({ owner, allow_ungated_transfer: true, version: "1" });

const viewError = (message: string): RestAnswer => ({ status: 500, body: { code: 2, message, details: [] } });

/**
 * `POST /initia/move/v1/view/json` of the view functions a wallet or router asks about a live NFT
 * or collection: `collection::{name, uri, creator}`, `object::owner`, `nft::{token_id, uri}`. Each
 * argument is JSON text (an Object<T> is its address as a JSON string); the answer's `data` is the
 * result as JSON text, as the node sends it: `{data, events, gas_used}`.
 */
export function moveView(nfts: LiveNfts, text: string): RestAnswer {
  let request: { address?: unknown; module_name?: unknown; function_name?: unknown; args?: unknown };
  try {
    request = JSON.parse(text) as typeof request;
  } catch {
    return { status: 400, body: { code: 3, message: "request body must be JSON", details: [] } };
  }
  const fn = `${moveLiteral(String(request.address ?? ""))}::${String(request.module_name)}::${String(request.function_name)}`;
  const args = Array.isArray(request.args) ? request.args : [];
  let object: string;
  try {
    object = moveAddress(String(JSON.parse(String(args[0]))));
  } catch {
    return viewError(`failed to parse argument 0 of ${fn}: invalid request`);
  }
  const collection = nfts.collection(object);
  const token = nfts.tokenByObject(object);
  const answers: Record<string, () => string | undefined> = {
    "0x1::collection::name": () => (collection?.standard === "move" ? collection.name : undefined),
    "0x1::collection::uri": () => (collection?.standard === "move" ? collection.uri : undefined),
    "0x1::collection::creator": () =>
      collection?.standard === "move" ? moveLiteral(hexOfBech32(collection.creator)) : undefined,
    "0x1::object::owner": () =>
      token
        ? ownerLiteral(nfts, token)
        : collection?.standard === "move"
          ? moveLiteral(hexOfBech32(collection.creator))
          : undefined,
    "0x1::nft::token_id": () => token?.tokenId,
    "0x1::nft::uri": () => token?.uri,
  };
  const answer = answers[fn];
  if (!answer) return viewError(`the devnet does not model the view function ${fn}`);
  const result = answer();
  if (result === undefined) return viewError(`${moveAbortLog(OBJECT_NOT_FOUND_ABORT)}: vm query failed`);
  return { status: 200, body: { data: JSON.stringify(result), events: [], gas_used: VIEW_GAS_USED } };
}
