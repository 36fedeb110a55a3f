/**
 * The token ground truth of a seeded EVM devnet, folded straight from its receipts (successful txs,
 * logs in order), independently of Weft's derivation: who owns each ERC-721 token, which Cosmos txs
 * touched it, every ERC-20 balance (the node's bank state), and who first touched each ERC-721 contract.
 */
import type { Chain } from "@weft/devnet";
import { bech32 } from "bech32";

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
  for (let h = 1; h <= blocks; h++) {
    const receipts = chain.evm(h).receipts as unknown as Receipt[];
    // Each receipt's Cosmos tx (a signed EVM tx's, or a bank send's that minievm gives an Ethereum face).
    const cosmosHashes = chain.evm(h).truth.map((t) => t.cosmosHash);
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
        }
      }
    }
  }
  // ERC-20 balances: the node's bank state (the fee denom is the devnet's ERC-20), which starts from
  // genesis and counts the Transfer logs of bank sends too, not only the receipts' (bank-state.test.ts
  // in the devnet proves it equals those logs).
  const token = chain.contractByDenom("uinit");
  if (token && chain.bank) {
    for (const [address, amount] of chain.bank.balances(blocks))
      balances.set(
        `${token}/0x${Buffer.from(bech32.fromWords(bech32.decode(address, 90).words)).toString("hex")}`,
        amount,
      );
  }
  return { owners: [...owners.values()], txsOf, balances, firstTouch };
}
