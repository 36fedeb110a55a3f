/**
 * The kinds of chain a registry names (the router registry's `chain_type`) and the VM each runs.
 * Here, not in router/, because ingestion reads the same kinds from a chains file
 * (`chains-file.ts`) and chain/ is the layer both may import.
 */

/** How a chain executes: decides message kinds (Cosmos msgs, MsgCall, evm_tx) and address forms. */
export const CHAIN_KINDS = ["initia", "minievm", "miniwasm", "minimove", "cosmos", "evm"] as const;
export type ChainKind = (typeof CHAIN_KINDS)[number];

/** The Initia VMs Weft indexes and sends NFTs on. */
export type ChainVm = "move" | "evm" | "wasm";

/**
 * The VM of an Initia chain: the L1 (`initia`) runs Move like `minimove`. Undefined for `cosmos`
 * and `evm` chains, which run none of Initia's VMs (an `evm` chain has no CometBFT node either).
 */
export function vmOfChainKind(kind: ChainKind): ChainVm | undefined {
  switch (kind) {
    case "initia":
    case "minimove":
      return "move";
    case "minievm":
      return "evm";
    case "miniwasm":
      return "wasm";
    default:
      return undefined;
  }
}
