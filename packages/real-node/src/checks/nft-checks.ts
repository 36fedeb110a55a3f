/**
 * NFTs: each collection as created (creator = who created it, i.e. for ERC-721 the deployer; height =
 * the creating tx's height; supply), its tokens with their owners and URIs as minted and moved, each
 * owner's tokens and collections, and each token's txs.
 */
import { indexerGet, walkList } from "./indexer-client.js";
import type { Ledger } from "./ledger.js";
import type { Mismatches } from "./mismatches.js";

interface WeftCollection {
  object_addr: string;
  collection: { creator: string; name: string; nfts: { length: number } };
  height: number;
}

interface WeftToken {
  collection_addr: string;
  owner: string;
  nft: { token_id: string; uri: string };
}

const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);

export async function checkNfts(m: Mismatches, weft: string, ledger: Ledger): Promise<void> {
  for (const c of ledger.nftCollections) {
    const at = `${c.name} ${c.address}`;
    await m.guard("nft collection", at, async () => {
      const answer = await indexerGet<{ collection: WeftCollection }>(
        weft,
        `/indexer/nft/v1/collections/${c.address}`,
      );
      if (!m.equal("nft collection", `${at}: status`, 200, answer.status)) return;
      const got = answer.body.collection;
      m.equal("nft collection", `${at}: object_addr`, c.address, got.object_addr);
      m.equal("nft collection", `${at}: name`, c.name, got.collection.name);
      m.equal("nft collection", `${at}: creator (the deployer)`, c.creator, got.collection.creator);
      m.equal("nft collection", `${at}: height (the deploy height)`, c.height, got.height);
      m.equal("nft collection", `${at}: nfts.length`, c.tokens.length, got.collection.nfts.length);
    });

    await m.guard("nft tokens by collection", at, async () => {
      const got = await walkList<WeftToken>(
        weft,
        `/indexer/nft/v1/tokens/by_collection/${c.address}`,
        "tokens",
      );
      const expected = c.tokens.map((t) => ({ id: t.id, owner: t.owner, uri: t.uri })).sort(byId);
      const actual = got.map((t) => ({ id: t.nft.token_id, owner: t.owner, uri: t.nft.uri })).sort(byId);
      m.equal("nft tokens by collection", at, expected, actual);
    });

    for (const owner of [...new Set(c.tokens.map((t) => t.owner))]) {
      await m.guard("nft tokens by account", owner, async () => {
        const got = await walkList<WeftToken>(weft, `/indexer/nft/v1/tokens/by_account/${owner}`, "tokens");
        const mine = got.filter((t) => t.collection_addr === c.address).map((t) => t.nft.token_id);
        const expected = c.tokens.filter((t) => t.owner === owner).map((t) => t.id);
        m.equal("nft tokens by account", `${owner} in ${at}`, expected.sort(), mine.sort());
        const collections = await walkList<WeftCollection>(
          weft,
          `/indexer/nft/v1/collections/by_account/${owner}`,
          "collections",
        );
        m.require(
          "nft collections by account",
          `${owner} lists ${at}`,
          collections.some((x) => x.object_addr === c.address),
          {
            expected: c.address,
            actual: collections.map((x) => x.object_addr),
          },
        );
      });
    }

    for (const token of c.tokens) {
      await m.guard("nft txs", `${at} #${token.id}`, async () => {
        const got = await walkList<{ txhash: string }>(
          weft,
          `/indexer/nft/v1/txs/${c.address}/${encodeURIComponent(token.id)}`,
          "txs",
        );
        m.equal("nft txs", `${at} #${token.id}`, [...token.txHashes].sort(), got.map((t) => t.txhash).sort());
      });
    }
  }
}
