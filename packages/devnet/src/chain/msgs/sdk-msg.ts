import type { AbciEvent } from "../../payloads.js";
import type { TxTruth } from "../tx-truth.js";

/**
 * One message of the block's Cosmos SDK stream (sdk-tx.ts), as its module makes it: the message
 * (proto bytes and REST JSON), and what it does when the tx succeeds.
 */
export interface SdkMsg {
  typeUrl: string;
  value: Uint8Array;
  /** REST JSON without `@type`, in proto field order. */
  json: Record<string, unknown>;
  /** The `module` attribute of the tx's `message` event. */
  module: string;
  /** Events after the `message` event of a successful tx. */
  events: AbciEvent[];
  /** Accounts a successful tx names (a failed one names only its signer). */
  accounts: string[];
  /** Coins a successful tx moves. */
  moved: NonNullable<TxTruth["moved"]>;
}
