/**
 * A live chain's mempool: broadcast txs admitted by CheckTx (check-tx.ts), which takes the
 * signer's sequence; system txs of relayers and executors (`inject`, unsigned, their memo made
 * unique by a counter); and txs authenticated elsewhere (`injectSigned`, an EVM tx the gateway
 * verified). The envelopes of the last two are built by src/tx-envelope.ts like every other tx.
 */
import { signedTx, txHash, unsignedTx } from "../../tx-envelope.js";
import { checkTx } from "./check-tx.js";
import type { Ledger } from "./ledger.js";
import type { LiveChain } from "./live-chain-types.js";

export interface MempoolEntry {
  raw: Uint8Array;
  /** bech32 of the signer; "" for a system tx. */
  signer: string;
  sequence: bigint;
}

export interface Mempool extends Pick<LiveChain, "submit" | "inject" | "injectSigned"> {
  /** Empties the mempool, returning its txs in arrival order. */
  drain(): MempoolEntry[];
}

export function createMempool(chain: { prefix: string; chainId: string }, ledger: Ledger): Mempool {
  const entries: MempoolEntry[] = [];
  let systemNonce = 0;
  return {
    async submit(raw) {
      const hash = txHash(raw);
      const { signer, error } = await checkTx(chain, ledger, raw);
      if (error) return { ...error, hash };
      const account = ledger.account(signer);
      if (!account) return { code: 9, log: `account ${signer} not found: unknown address`, hash };
      entries.push({ raw, signer, sequence: account.sequence });
      account.sequence += 1n;
      return { code: 0, log: "", hash };
    },
    inject(messages, memo = "") {
      systemNonce++;
      const tx = signedTx(unsignedTx({ messages, memo: `${memo}#${systemNonce}` }), []);
      entries.push({ raw: tx.bytes, signer: "", sequence: 0n });
      return tx.hash;
    },
    injectSigned(signer, messages, raw) {
      const tx = signedTx(unsignedTx({ messages, memo: Buffer.from(raw).toString("hex") }), []);
      const account = ledger.account(signer) ?? { number: 0n, sequence: 0n };
      entries.push({ raw: tx.bytes, signer, sequence: account.sequence });
      return tx.hash;
    },
    drain: () => entries.splice(0),
  };
}
