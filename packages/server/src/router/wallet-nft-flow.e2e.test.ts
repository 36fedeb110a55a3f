/**
 * Initia's wallet sending an NFT on the same chain, end to end over HTTP, on each VM chain of the
 * devnet interchain (a Move collection on the L1, an ERC-721 on minievm, a cw721 on miniwasm): the
 * chain's genesis NFTs are ingested by Weft (each chain into its own database, as one Weft indexes
 * one chain); the wallet lists its NFTs from `tokens/by_account` as InterwovenKit does, asks
 * `POST /nft` with the body InterwovenKit builds, converts the answer with `@initia/amino-converter`
 * (the wallet's AminoTypes and proto registry), signs, broadcasts; the chain executes it; Weft
 * ingests the new block. The new owner is judged by the chain's own state and then by Weft's
 * `tokens/by_account` of the recipient, and the send appears among the token's txs.
 */
import { describe, expect, it } from "vitest";
import { NFT_CHAINS, useWalletNftNet } from "../_test/wallet-nft-net.js";

const TOKEN_IDS = { move: "kitten-7", evm: "7", wasm: "card-7" } as const;
const CHAINS = NFT_CHAINS.map((c) => ({ ...c, tokenId: TOKEN_IDS[c.vm] }));

const { net, wallet, weft, ingest, tokensOf, signAndBroadcast } = useWalletNftNet({
  wallets: ["wallet-nft-alice", "wallet-nft-bob"],
  tokens: (c) => [TOKEN_IDS[c.vm], `${TOKEN_IDS[c.vm]}1`],
});

describe.each(CHAINS)("the wallet sends an NFT on $chainId ($vm) through POST /nft", (c) => {
  it("Weft lists it as Alice's, the router's msgs execute, and Weft then lists it as Bob's with the send among its txs", async () => {
    const api = weft(c);
    const alice = wallet("wallet-nft-alice");
    const owner = alice.key.bech32("init");
    const to = wallet("wallet-nft-bob").key.bech32("init");
    await ingest(c);
    const listed = await tokensOf(c, owner);
    expect(listed.map((t) => t.nft.token_id).sort()).toEqual([c.tokenId, `${c.tokenId}1`].sort());
    const nft = listed.find((t) => t.nft.token_id === c.tokenId);
    // Weft names a Move collection from its creation event and a cw721 from its contract_info query.
    // An ERC-721's name() is asked over EVM JSON-RPC, which this ingest does not use: the devnet's
    // rollup does not serve its live blocks over JSON-RPC, so Weft indexes it from Cosmos txs alone.
    expect(nft.collection_name).toBe(c.vm === "evm" ? "" : c.collection);

    const body = {
      from_address: owner,
      from_chain_id: c.chainId,
      to_address: to,
      to_chain_id: c.chainId,
      collection_address: nft.collection_addr,
      token_ids: [nft.nft.token_id],
      object_addresses: [nft.object_addr],
    };
    const { msgs } = await api.postOk("/nft", body);
    const sent = await signAndBroadcast(alice, c.chainId, msgs);
    expect(sent.code, sent.raw_log).toBe(0);
    net().produce(1);
    const chain = net().chains.get(c.chainId)?.chain;
    const executed = chain?.findTx(sent.txhash);
    expect(executed?.result.code, executed?.result.log).toBe(0);
    // The chain's own state says Bob owns it now.
    const live = chain?.nfts.collections().find((col) => col.name === c.collection);
    const token = live && chain?.nfts.token(live.address, c.tokenId);
    expect(token && chain?.nfts.ownerAt(token)).toBe(to);

    await ingest(c);
    const bobs = await tokensOf(c, to);
    expect(bobs.map((t) => [t.collection_addr, t.nft.token_id, t.object_addr])).toEqual([
      [nft.collection_addr, c.tokenId, nft.object_addr],
    ]);
    expect((await tokensOf(c, owner)).map((t) => t.nft.token_id)).toEqual([`${c.tokenId}1`]);
    const txs = await api.get(`/indexer/nft/v1/txs/${nft.collection_addr}/${c.tokenId}`);
    expect(txs.status, JSON.stringify(txs.body)).toBe(200);
    const hashes = txs.body.txs.map((t: { txhash: string }) => String(t.txhash).toUpperCase());
    expect(hashes).toContain(sent.txhash.toUpperCase());
    expect(hashes).toHaveLength(2);
  }, 60_000);
});
