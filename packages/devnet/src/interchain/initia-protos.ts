/**
 * Protobuf codecs of the Initia messages cosmjs-types does not ship, with the field numbers of
 * opinit/ophost/v1/tx.proto, opinit/opchild/v1/tx.proto, minievm/evm/v1/tx.proto and
 * initia/move/v1/tx.proto. The two finalize messages carry only the fields the devnet's bridge
 * executor needs (proofs are not modelled); every other field is as on chain.
 */
import { BinaryReader, BinaryWriter } from "cosmjs-types/binary";
import { Coin } from "cosmjs-types/cosmos/base/v1beta1/coin";

/** `strings` and `bytesList` are repeated fields: every element is written, empty ones too. */
type Kind = "string" | "uint64" | "bytes" | "coin" | "strings" | "bytesList";
type ValueOf<K extends Kind> = K extends "string"
  ? string
  : K extends "uint64"
    ? bigint
    : K extends "bytes"
      ? Uint8Array
      : K extends "strings"
        ? string[]
        : K extends "bytesList"
          ? Uint8Array[]
          : Coin;
type Schema = Record<string, readonly [number, Kind]>;
type Decoded<S extends Schema> = { [F in keyof S]: ValueOf<S[F][1]> };

/** A field's value when the message does not carry it (fresh arrays: decode appends to them). */
const empty = (kind: Kind): ValueOf<Kind> =>
  kind === "string"
    ? ""
    : kind === "uint64"
      ? 0n
      : kind === "bytes"
        ? new Uint8Array()
        : kind === "coin"
          ? { denom: "", amount: "0" }
          : [];
const WIRE: Record<Kind, number> = { string: 2, uint64: 0, bytes: 2, coin: 2, strings: 2, bytesList: 2 };

function codec<S extends Schema>(schema: S) {
  return {
    encode(m: Decoded<S>): Uint8Array {
      const w = BinaryWriter.create();
      for (const [name, [field, kind]] of Object.entries(schema)) {
        const v = m[name as keyof S] as ValueOf<Kind>;
        const tag = (field << 3) | WIRE[kind];
        if (kind === "string" && v !== "") w.uint32(tag).string(v as string);
        if (kind === "uint64" && v !== 0n) w.uint32(tag).uint64(v as bigint);
        if (kind === "bytes" && (v as Uint8Array).length > 0) w.uint32(tag).bytes(v as Uint8Array);
        if (kind === "coin") Coin.encode(v as Coin, w.uint32(tag).fork()).ldelim();
        if (kind === "strings") for (const e of v as string[]) w.uint32(tag).string(e);
        if (kind === "bytesList") for (const e of v as Uint8Array[]) w.uint32(tag).bytes(e);
      }
      return w.finish();
    },
    decode(bytes: Uint8Array): Decoded<S> {
      const out = Object.fromEntries(
        Object.entries(schema).map(([name, [, kind]]) => [name, empty(kind)]),
      ) as Decoded<S>;
      const byField = new Map(
        Object.entries(schema).map(([name, [field, kind]]) => [field, [name, kind] as const]),
      );
      const reader = new BinaryReader(bytes);
      while (reader.pos < reader.len) {
        const tag = reader.uint32();
        const entry = byField.get(tag >>> 3);
        if (!entry) {
          reader.skipType(tag & 7);
          continue;
        }
        const [name, kind] = entry;
        if (kind === "strings" || kind === "bytesList") {
          const list = (out as Record<string, unknown[]>)[name] as unknown[];
          list.push(kind === "strings" ? reader.string() : reader.bytes());
          continue;
        }
        const value =
          kind === "string"
            ? reader.string()
            : kind === "uint64"
              ? reader.uint64()
              : kind === "bytes"
                ? reader.bytes()
                : Coin.decode(reader.bytes());
        (out as Record<string, unknown>)[name] = value;
      }
      return out;
    },
  };
}

export const TYPE_DEPOSIT = "/opinit.ophost.v1.MsgInitiateTokenDeposit";
export const TYPE_WITHDRAWAL = "/opinit.opchild.v1.MsgInitiateTokenWithdrawal";
export const TYPE_FINALIZE_DEPOSIT = "/opinit.opchild.v1.MsgFinalizeTokenDeposit";
export const TYPE_FINALIZE_WITHDRAWAL = "/opinit.ophost.v1.MsgFinalizeTokenWithdrawal";
export const TYPE_MSG_CALL = "/minievm.evm.v1.MsgCall";
export const TYPE_MSG_EXECUTE = "/initia.move.v1.MsgExecute";

export const depositCodec = codec({
  sender: [1, "string"],
  bridgeId: [2, "uint64"],
  to: [3, "string"],
  amount: [4, "coin"],
  data: [5, "bytes"],
} as const);
export const withdrawalCodec = codec({
  sender: [1, "string"],
  to: [2, "string"],
  amount: [3, "coin"],
} as const);
export const finalizeDepositCodec = codec({
  sender: [1, "string"],
  from: [2, "string"],
  to: [3, "string"],
  amount: [4, "coin"],
  sequence: [5, "uint64"],
  height: [6, "uint64"],
  baseDenom: [7, "string"],
  data: [8, "bytes"],
} as const);
export const finalizeWithdrawalCodec = codec({
  sender: [1, "string"],
  bridgeId: [2, "uint64"],
  outputIndex: [3, "uint64"],
  from: [5, "string"],
  to: [6, "string"],
  sequence: [7, "uint64"],
  amount: [8, "coin"],
} as const);
/** minievm MsgCall: `input` is 0x-prefixed calldata, `value` the wei sent (math.Int as a string). */
export const msgCallCodec = codec({
  sender: [1, "string"],
  contractAddr: [2, "string"],
  input: [3, "string"],
  value: [4, "string"],
} as const);
/** Initia Move MsgExecute: `args` are the BCS bytes of each argument of the entry function. */
export const msgExecuteCodec = codec({
  sender: [1, "string"],
  moduleAddress: [2, "string"],
  moduleName: [3, "string"],
  functionName: [4, "string"],
  typeArgs: [5, "strings"],
  args: [6, "bytesList"],
} as const);
export const TYPE_NFT_TRANSFER = "/ibc.applications.nft_transfer.v1.MsgTransfer";
/**
 * Initia's nft-transfer MsgTransfer (ibc/applications/nft_transfer/v1/tx.proto). Field 7,
 * timeout_height, is a message the devnet does not read (packets time out by timestamp here):
 * decoding skips it.
 */
export const nftTransferCodec = codec({
  sourcePort: [1, "string"],
  sourceChannel: [2, "string"],
  classId: [3, "string"],
  tokenIds: [4, "strings"],
  sender: [5, "string"],
  receiver: [6, "string"],
  timeoutTimestamp: [8, "uint64"],
  memo: [9, "string"],
} as const);
