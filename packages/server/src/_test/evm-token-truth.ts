/**
 * The token ground truth of a seeded EVM devnet, folded straight from its receipts (successful txs,
 * logs in order), independently of Weft's derivation: who owns each ERC-721 token, which Cosmos txs
 * touched it, every ERC-20 balance, and who first touched each ERC-721 contract.
 */
import type { Chain } from "@weft/devnet";

const TRANSFER = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";

interface Receipt {
  from: string;
  status: string;
  logs: { address: string; topics: string[]; data: string }[];
}

const addressOf = (topic: string) => `0x${topic.slice(26)}`;

export function evmTokenTruth(chain: Chain, blocks: number) {
  const owners = new Map<
    string,
    { contract: string; tokenId: string; owner: string; height: number; minted: boolean }
  >();
  /** Tokens whose mint (a Transfer from zero) was seen; the devnet's router hands out others. */
  const minted = new Set<string>();
  const txsOf = new Map<string, string[]>();
  const balances = new Map<string, bigint>();
  const firstTouch = new Map<string, { from: string; height: number }>();
  const add = (key: string, amount: bigint) => balances.set(key, (balances.get(key) ?? 0n) + amount);
  for (let h = 1; h <= blocks; h++) {
    const receipts = chain.evm(h).receipts as unknown as Receipt[];
    // The block's EVM txs come last among its Cosmos txs: their Cosmos hashes, in receipt order.
    const all = chain.truth(h);
    const cosmosHashes = all.slice(all.length - receipts.length).map((t) => t.hash);
    for (const [j, r] of receipts.entries()) {
      if (r.status !== "0x1") continue;
      for (const log of r.logs) {
        if (log.topics[0] !== TRANSFER) continue;
        const contract = log.address.toLowerCase();
        const [, from, to] = log.topics as [string, string, string];
        if (log.topics.length === 4) {
          if (!firstTouch.has(contract)) firstTouch.set(contract, { from: r.from.toLowerCase(), height: h });
          const tokenId = BigInt(log.topics[3] as string).toString();
          const key = `${contract}/${tokenId}`;
          const touched = txsOf.get(key) ?? [];
          if (touched.at(-1) !== cosmosHashes[j]) txsOf.set(key, [...touched, cosmosHashes[j] ?? ""]);
          if (BigInt(from) === 0n) minted.add(key);
          if (BigInt(to) === 0n) owners.delete(key);
          else
            owners.set(key, { contract, tokenId, owner: addressOf(to), height: h, minted: minted.has(key) });
        } else if (log.topics.length === 3) {
          if (BigInt(from) !== 0n) add(`${contract}/${addressOf(from)}`, -BigInt(log.data));
          if (BigInt(to) !== 0n) add(`${contract}/${addressOf(to)}`, BigInt(log.data));
        }
      }
    }
  }
  return { owners: [...owners.values()], txsOf, balances, firstTouch };
}
