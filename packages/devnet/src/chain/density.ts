/**
 * Options that make a devnet dense enough for benchmarks: many holders of a denom (fresh recipients)
 * and many NFTs in one account (a forced ERC-721 mint share). Every choice is a hash of
 * (seed, height, index), never a draw from a block's random stream, so turning them on leaves the
 * rest of the chain as it was and leaving them off changes nothing.
 */
import { createHash } from "node:crypto";
import { bech32 } from "bech32";

export interface DensityOptions {
  /** Share (0..1) of bank sends and ERC-20 transfers paid to a fresh address. @default 0 */
  freshRecipientShare?: number;
  /** Share (0..1) of EVM txs that are ERC-721 mints (the rest keep their usual mix). @default 0 */
  evmNftMintShare?: number;
  /** Share (0..1) of EVM txs that are ERC-20 transfers, on top of the mints. @default 0 */
  evmErc20TransferShare?: number;
}

/** A uniform draw in [0, 1) named by `label`: a pure function, cheap (one SHA-256). */
export function hashDraw(label: string): number {
  return createHash("sha256").update(label).digest().readUInt32BE(0) / 4294967296;
}

/** 20 address bytes no key controls, named by (seed, height, index). */
function freshBytes(seed: number, height: number, index: number): Buffer {
  return createHash("sha256").update(`devnet-${seed}-fresh-${height}-${index}`).digest().subarray(0, 20);
}

/** The bech32 recipient of a bank send, or undefined to keep the usual one. */
export function freshBankRecipient(
  options: DensityOptions & { seed: number; height: number; index: number; prefix: string },
): string | undefined {
  const share = options.freshRecipientShare ?? 0;
  if (share <= 0 || hashDraw(`devnet-${options.seed}-fresh?-${options.height}-${options.index}`) >= share)
    return undefined;
  return bech32.encode(
    options.prefix,
    bech32.toWords(freshBytes(options.seed, options.height, options.index)),
  );
}

/** The 0x peer of an EVM tx (who ERC-20 transfers pay), or undefined to keep the usual one. */
export function freshEvmPeer(
  options: DensityOptions & { seed: number; height: number; position: number },
): string | undefined {
  const share = options.freshRecipientShare ?? 0;
  // Positions are offset so an EVM tx and a Cosmos tx of the same block never share an address.
  const index = 1_000_000 + options.position;
  if (share <= 0 || hashDraw(`devnet-${options.seed}-fresh?-${options.height}-${index}`) >= share)
    return undefined;
  return `0x${freshBytes(options.seed, options.height, index).toString("hex")}`;
}

/** The kind this EVM tx is forced to, if any: one draw splits into the mint and transfer shares. */
export function forcedScenario(
  options: DensityOptions & { seed: number; height: number; position: number },
): "nft-mint" | "erc20-transfer" | undefined {
  const mint = options.evmNftMintShare ?? 0;
  const transfer = options.evmErc20TransferShare ?? 0;
  if (mint <= 0 && transfer <= 0) return undefined;
  const d = hashDraw(`devnet-${options.seed}-mint?-${options.height}-${options.position}`);
  return d < mint ? "nft-mint" : d < mint + transfer ? "erc20-transfer" : undefined;
}
