/**
 * The L1's Move IBC hook (initia x/ibc-hooks/move-hooks) in front of its nft-transfer module: a
 * packet whose memo is `{"move":{"message":{module_address, module_name, function_name, type_args,
 * args}}}` must name that function as its receiver (or ""); its tokens go to an intermediate
 * account derived from the channel and the sender, which then runs the message as its signer.
 * The one message modelled is `0x1::nft_transfer::nft_transfer(recover_address, receiver,
 * collection, token_ids, source_port, source_channel, revision_number, revision_height,
 * timeout_timestamp, memo)`: it sends the tokens on over ICS-721 with an `async_callback` in the
 * memo, and when that packet fails (error acknowledgement or timeout) the refunded tokens go to
 * recover_address. A message that fails answers the incoming packet with an error
 * acknowledgement, which undoes its receive.
 */
import { createHash } from "node:crypto";
import { bech32Of } from "../../chain/chain-setup.js";
import { executeEvent } from "../../chain/msgs/move-nft-execute.js";
import { TxFailure } from "../live-chain/tx-failure.js";
import { bcsReader } from "../nft/move-nfts.js";
import { accountOfMove, hexOfBech32, moveAddress, moveLiteral } from "../nft/nft-addresses.js";
import { type Ics721State, RecvError, type RecvHook, sendNfts } from "./ics721-state.js";

/** The prefix move-hooks hashes an intermediate sender's seed with. */
const SENDER_PREFIX = "ibc-move-hook-intermediary";
const NFT_TRANSFER = "0x1::nft_transfer::nft_transfer";

interface MoveMessage {
  module_address?: unknown;
  module_name?: unknown;
  function_name?: unknown;
  type_args?: unknown;
  args?: unknown;
}

const sha256 = (data: Buffer) => createHash("sha256").update(data).digest();

/** The account a hooked packet's tokens go to: address.Hash(prefix, "channel/sender"), 32 bytes. */
export const intermediateSender = (channel: string, sender: string, prefix: string) =>
  bech32Of(
    sha256(Buffer.concat([sha256(Buffer.from(SENDER_PREFIX)), Buffer.from(`${channel}/${sender}`)])).toString(
      "hex",
    ),
    prefix,
  );

export function moveNftHook(state: Ics721State): RecvHook {
  let callbacks = 0n;
  return (ctx, { packet, data }) => {
    let message: MoveMessage | undefined;
    try {
      message = (JSON.parse(data.memo ?? "") as { move?: { message?: MoveMessage } }).move?.message;
    } catch {
      return undefined;
    }
    if (!message) return undefined;
    const fn = `${moveLiteral(String(message.module_address))}::${String(message.module_name)}::${String(message.function_name)}`;
    if (data.receiver !== "" && data.receiver !== fn)
      throw new RecvError(`the receiver of a move hook must be empty or ${fn}: invalid receiver`);
    const intermediate = intermediateSender(packet.destinationChannel, data.sender, state.chain.prefix);
    return {
      receiver: intermediate,
      after() {
        if (fn !== NFT_TRANSFER || (Array.isArray(message.type_args) && message.type_args.length > 0))
          throw new RecvError(
            `the devnet's move hook runs only ${NFT_TRANSFER}: failed to execute move message`,
          );
        const args = (Array.isArray(message.args) ? message.args : []).map((a) =>
          Buffer.from(String(a), "base64"),
        );
        const arg = (i: number) => bcsReader(args[i] ?? new Uint8Array());
        try {
          const recover = arg(0).address();
          const receiver = arg(1).string();
          const collection = moveAddress(arg(2).address());
          const tokenIds = arg(3).strings();
          const [sourcePort, sourceChannel] = [arg(4).string(), arg(5).string()];
          const timeoutNs = arg(8).u64();
          const memo = arg(9).string();
          if (sourcePort !== state.port)
            throw new TxFailure(1, `port ${sourcePort}: port not found`, "channel");
          const voucher = [...state.vouchers].find(([, v]) => v.collection === collection)?.[0];
          callbacks++;
          ctx.journal.push(() => {
            callbacks--;
          });
          const user = memo ? (JSON.parse(memo) as Record<string, unknown>) : {};
          const move = { ...((user.move as object | undefined) ?? {}) };
          const callback = { id: Number(callbacks), module_address: "0x1", module_name: "nft_transfer" };
          return [
            executeEvent(moveLiteral(hexOfBech32(intermediate)), "nft_transfer", "nft_transfer"),
            ...sendNfts(state, ctx, {
              channel: sourceChannel,
              sender: intermediate,
              receiver,
              classId: voucher ?? `move/${collection.slice(2)}`,
              tokenIds,
              memo: JSON.stringify({ ...user, move: { ...move, async_callback: callback } }),
              timeoutNs,
              recover: accountOfMove(recover, state.chain.prefix),
            }),
          ];
        } catch (err) {
          if (err instanceof TxFailure || err instanceof SyntaxError)
            throw new RecvError(`failed to execute move message: ${err.message}`);
          throw err;
        }
      },
    };
  };
}
