import { createChain, startDevnetNode } from "@weft/devnet";
import { describe, expect, it } from "vitest";
import { derivedTableProblems } from "../_test/derived-tables.js";
import { ingestDevnet } from "../_test/devnet-ingest.js";
import { evmTokenTruth } from "../_test/evm-token-truth.js";
import { useTestDatabase } from "../_test/test-database.js";
import { decodeAddress } from "../chain/addresses.js";

const BLOCKS = 200;
const hexOf = (account: string) => decodeAddress(account, "init")?.toString("hex");

describe("EVM devnet (seeded) -> weft ingest -> Postgres equals the devnet's ground truth", () => {
  const database = useTestDatabase();

  it(`ingests ${BLOCKS} blocks with 10% of node responses failing or never answered (JSON-RPC included; 200 ms per attempt), EVM rows, edges, NFTs and balances match`, async ({
    signal,
  }) => {
    const chain = createChain({ seed: 5, vm: "evm" });
    const node = await startDevnetNode({
      chain,
      initialBlocks: BLOCKS,
      faults: { errorRate: 0.05, timeoutRate: 0.05 },
    });
    const { pool } = database().db;
    const ingest = (stopAt: number) =>
      ingestDevnet({ db: { pool }, url: node.url, stopAt, evm: true, rpcTimeoutMs: 200, signal });
    try {
      // Two runs: the second resumes at the checkpoint; nothing may be lost or written twice.
      expect(await ingest(BLOCKS / 2)).toBe(BigInt(BLOCKS / 2));
      expect(await ingest(BLOCKS)).toBe(BigInt(BLOCKS));
      const truth = Array.from({ length: BLOCKS }, (_, i) => chain.evm(i + 1).truth).flat();
      expect(truth.length).toBeGreaterThan(150);

      const txs = await pool.query<{ sequence: string; hash: string; height: string; data: string }>(
        "SELECT sequence::text, '0x' || encode(hash,'hex') AS hash, height::text, data FROM evm_tx ORDER BY evm_tx.sequence",
      );
      expect(txs.rows.map((r) => ({ sequence: r.sequence, hash: r.hash, height: r.height }))).toEqual(
        truth.map((t, i) => ({ sequence: String(i + 1), hash: t.hash, height: String(t.height) })),
      );
      for (const [i, row] of txs.rows.entries()) {
        const t = truth[i];
        expect(JSON.parse(row.data)).toMatchObject({
          from: t?.from,
          to: t?.to,
          contractAddress: t?.contractAddress,
          status: t?.status,
          transactionHash: t?.hash,
        });
      }

      const edges = await pool.query<{ sequence: string; account: string; signer: boolean }>(
        "SELECT sequence::text, '0x' || encode(account,'hex') AS account, signer FROM evm_tx_account ORDER BY evm_tx_account.sequence, 2",
      );
      const expectedEdges = truth.flatMap((t, i) =>
        t.accounts.map((account) => ({ sequence: String(i + 1), account, signer: account === t.from })),
      );
      const order = (a: { sequence: string; account: string }, b: { sequence: string; account: string }) =>
        Number(a.sequence) - Number(b.sequence) || a.account.localeCompare(b.account);
      expect(edges.rows).toEqual(expectedEdges.sort(order));

      const frames = truth.flatMap((t) =>
        t.internalTxs.map((f) => ({ ...f, hash: t.hash, height: t.height })),
      );
      const internal = await pool.query<{
        sequence: string;
        data: string;
        index: number;
        parent_index: number;
      }>(
        "SELECT sequence::text, data, index, parent_index FROM evm_internal_tx ORDER BY evm_internal_tx.sequence",
      );
      expect(internal.rows.map((r) => r.sequence)).toEqual(frames.map((_, i) => String(i + 1)));
      expect(
        internal.rows.map((r) => {
          const d = JSON.parse(r.data) as Record<string, unknown>;
          return {
            hash: d.hash,
            height: d.height,
            index: r.index,
            parentIndex: r.parent_index,
            type: d.type,
            from: d.from,
            to: d.to,
          };
        }),
      ).toEqual(
        frames.map((f) => ({
          hash: f.hash,
          height: f.height,
          index: f.index,
          parentIndex: f.parentIndex,
          type: f.type,
          from: f.from,
          to: f.to,
        })),
      );
      const internalEdges = await pool.query<{ sequence: string; account: string }>(
        "SELECT sequence::text, '0x' || encode(account,'hex') AS account FROM evm_internal_tx_account ORDER BY evm_internal_tx_account.sequence, 2",
      );
      expect(internalEdges.rows).toEqual(
        frames
          .flatMap((f, i) => f.accounts.map((account) => ({ sequence: String(i + 1), account })))
          .sort(order),
      );

      // The account x type edges and the list totals (EVM ones included) agree with their edges.
      expect(await derivedTableProblems(pool)).toEqual([]);

      // The Cosmos side: each EVM tx is also a MsgCall/MsgCreate tx with its signer and log accounts.
      const cosmosTruth = Array.from({ length: BLOCKS }, (_, i) => chain.truth(i + 1)).flat();
      const cosmos = await pool.query<{ hash: string }>(
        "SELECT upper(encode(hash,'hex')) AS hash FROM tx ORDER BY tx.sequence",
      );
      expect(cosmos.rows.map((r) => r.hash)).toEqual(cosmosTruth.map((t) => t.hash));
      const cosmosEdges = await pool.query<{ sequence: string; account: string; signer: boolean }>(
        "SELECT sequence::text, encode(account,'hex') AS account, signer FROM tx_account",
      );
      const bySequence = new Map<string, Map<string, boolean>>();
      for (const e of cosmosEdges.rows)
        bySequence.set(e.sequence, (bySequence.get(e.sequence) ?? new Map()).set(e.account, e.signer));
      cosmosTruth.forEach((t, i) => {
        const got = bySequence.get(String(i + 1));
        for (const account of t.accounts)
          expect(got?.get(hexOf(account) ?? ""), `${t.hash} ${account}`).toBe(
            hexOf(account) === hexOf(t.signer),
          );
      });
      const checkpoint = await pool.query(
        "SELECT height::text, evm_tx_sequence::text AS e, evm_internal_tx_sequence::text AS i FROM ingest_checkpoint",
      );
      expect(checkpoint.rows).toEqual([
        { height: String(BLOCKS), e: String(truth.length), i: String(frames.length) },
      ]);

      // NFTs and the rich list, against a fold of the receipts' Transfer logs.
      const tokens = evmTokenTruth(chain, BLOCKS);
      expect(tokens.owners.filter((t) => t.minted).length).toBeGreaterThan(10);
      const owned = await pool.query<{ key: string; owner: string; height: string; uri: string }>(
        "SELECT '0x' || encode(collection,'hex') || '/' || token_id AS key, '0x' || encode(owner,'hex') AS owner, height::text, uri FROM nft_token",
      );
      const byKey = (a: { key: string }, b: { key: string }) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
      expect(owned.rows.sort(byKey)).toEqual(
        tokens.owners
          .map((t) => ({
            key: `${t.contract}/${t.tokenId}`,
            owner: t.owner,
            height: String(t.height),
            // tokenURI(id) as the contract answers it (an eth_call at the mint's block); a token
            // never seen minted (the devnet's router hands some out) has none.
            uri: t.minted ? `https://devnet.weft.example/evm/5/${t.tokenId}` : "",
          }))
          .sort(byKey),
      );
      const nftEdges = await pool.query<{ n: string }>("SELECT count(*)::text AS n FROM nft_tx");
      expect(nftEdges.rows[0]?.n).toBe(String([...tokens.txsOf.values()].flat().length));
      const counts = await pool.query<{ addr: string; n: string; name: string }>(
        "SELECT '0x' || encode(addr,'hex') AS addr, nft_count::text AS n, name FROM nft_collection",
      );
      expect(counts.rows).toEqual([
        { addr: tokens.owners[0]?.contract, n: String(tokens.owners.length), name: "Weft Devnet NFT 5" },
      ]);
      const held = await pool.query<{ key: string; amount: string }>(
        "SELECT denom || '/0x' || encode(account,'hex') AS key, amount::text FROM rich_list_balance WHERE amount <> 0",
      );
      expect(held.rows.sort(byKey)).toEqual(
        [...tokens.balances]
          .filter(([, amount]) => amount !== 0n)
          .map(([key, amount]) => ({ key, amount: String(amount) }))
          .sort(byKey),
      );
    } finally {
      await node.close();
    }
  }, 180_000);
});
