/**
 * Initia's wallet sending an NFT to another chain, end to end over HTTP, for every ordered pair of
 * the devnet's VM chains (the L1's Move, minievm, miniwasm): the wallet reads Weft's Indexer API
 * and the source node and builds the `POST /nft` body as InterwovenKit 2.11.1's
 * `createNftTransferParams` does, converts the router's msgs with `@initia/amino-converter`, signs
 * and broadcasts; the devnet relays the ICS-721 packets (through the L1's Move hook between two
 * rollups); the destination's Weft ingests its chain and lists the NFT as the recipient's, with the
 * collection's name on its origin chain (`collection_origin_name`). Last, two NFTs go back home
 * (from minievm, naming its class by trace and origin ids; from miniwasm, by ics721's class path).
 */
import { readFileSync } from "node:fs";
import { decodeFunctionResult, encodeFunctionData, parseAbi } from "viem";
import { describe, expect, it } from "vitest";
import type { Json } from "../_test/json-call.js";
import { NFT_CHAINS, type NftChain, useWalletNftNet } from "../_test/wallet-nft-net.js";
import { bech32Of } from "./chain-address.js";

const TOKENS = { move: ["kitten-a", "kitten-b"], evm: ["21", "22"], wasm: ["card-a", "card-b"] } as const;
const PAIRS = NFT_CHAINS.flatMap((from) =>
  NFT_CHAINS.filter((to) => to !== from).map((to, i) => ({
    from,
    to,
    tokenId: TOKENS[from.vm][i] as string,
    name: `${from.chainId} -> ${to.chainId}`,
  })),
);
const ABI = parseAbi(["function name() view returns (string)"]);
/** The registry InterwovenKit reads: the wasm rollup's ICS-721 port names its ics721 contract. */
const REGISTRY = JSON.parse(
  readFileSync(new URL("../../registries/devnet.json", import.meta.url), "utf8"),
) as Json;

const { net, wallet, weft, ingest, tokensOf, signAndBroadcast } = useWalletNftNet({
  wallets: ["wallet-ibc-alice", "wallet-ibc-carol"],
  tokens: (c) => [...TOKENS[c.vm]],
});
const alice = () => wallet("wallet-ibc-alice");
const carol = () => wallet("wallet-ibc-carol");

async function node(chainId: string, path: string, body?: unknown): Promise<Json> {
  const res = await fetch(`${net().urls[chainId]}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return res.json();
}
const smart = (chainId: string, contract: string, query: unknown) =>
  node(
    chainId,
    `/cosmwasm/wasm/v1/contract/${contract}/smart/${Buffer.from(JSON.stringify(query)).toString("base64")}`,
  );
const classTrace = async (chainId: string, classId: string) =>
  (await node(chainId, `/ibc/apps/nft_transfer/v1/class_traces/${classId.slice(4)}`)).class_trace;
/** InterwovenKit's parseIbcPath: the trace up to the last channel, and the base class. */
const parseIbcPath = (path: string) => {
  const m = /^(.*channel-\d+)\/(.*)$/.exec(path);
  return m ? { path: m[1], base_class_id: m[2] } : undefined;
};
const bech32 = (hex: string) => bech32Of("init", Buffer.from(hex.replace(/^0x/, ""), "hex"));

/** The body InterwovenKit's createNftTransferParams builds for `nft` (Weft's token entry). */
async function nftBody(from: NftChain, to: NftChain, sender: string, receiver: string, nft: Json) {
  const base = {
    from_address: sender,
    from_chain_id: from.chainId,
    to_address: receiver,
    to_chain_id: to.chainId,
    collection_address: nft.collection_addr,
    token_ids: [nft.nft.token_id],
  };
  if (from.vm === "move") {
    const collection = `0x${String(nft.collection_addr).replace(/^0x/, "").padStart(64, "0")}`;
    const view = await node(from.chainId, "/initia/move/v1/view/json", {
      address: "0x1",
      module_name: "collection",
      function_name: "name",
      type_args: ["0x1::collection::Collection"],
      args: [JSON.stringify(collection)],
    });
    const name = JSON.parse(view.data) as string;
    const ibc = name.startsWith("ibc/");
    return {
      ...base,
      object_addresses: [nft.object_addr],
      class_id: ibc ? name : `move/${collection.slice(2)}`,
      ...(ibc ? { class_trace: await classTrace(from.chainId, name) } : {}),
    };
  }
  if (from.vm === "evm") {
    const call = await node(from.chainId, "/minievm/evm/v1/call", {
      sender,
      contract_addr: nft.collection_addr,
      input: encodeFunctionData({ abi: ABI, functionName: "name" }),
      value: "0",
    });
    const name = decodeFunctionResult({ abi: ABI, functionName: "name", data: call.response });
    if (!name.startsWith("ibc/")) return { ...base, class_id: `evm/${String(nft.collection_addr).slice(2)}` };
    const infos = await node(
      from.chainId,
      `/minievm/evm/v1/erc721/origin_token_infos/${name}?token_ids=${nft.nft.token_id}`,
    );
    return {
      ...base,
      class_id: name,
      class_trace: await classTrace(from.chainId, name),
      token_ids: infos.token_infos.map((t: Json) => t.token_origin_id),
    };
  }
  const contract = bech32(nft.collection_addr);
  const port = REGISTRY.chains
    .find((c: Json) => c.chain_id === from.chainId)
    ?.ibc_channels?.find?.((c: Json) => c.version === "ics721-1")?.port_id;
  const ics721 = String(port ?? "").replace(/^wasm\./, "");
  const classId = (await smart(from.chainId, ics721, { class_id: { contract } })).data as string | null;
  const proxy = (await smart(from.chainId, ics721, { outgoing_proxy: {} })).data as string | null;
  const { body } = await weft(from).get(`/indexer/nft/v1/collections/${nft.collection_addr}`);
  // A cw721 the ics721 contract created holds a class that arrived over IBC: its id is its path.
  const received = body.collection?.creator === ics721 && classId;
  return {
    ...base,
    class_id: classId ?? contract,
    ...(received ? { class_trace: parseIbcPath(classId) } : {}),
    outgoing_proxy: proxy,
  };
}

/** Sends `nft` from `from` to `to` as `sender`'s wallet does, relays, and ingests the destination. */
async function sendAcross(o: {
  from: NftChain;
  to: NftChain;
  sender: ReturnType<typeof alice>;
  receiver: string;
  nft: Json;
}) {
  const body = await nftBody(o.from, o.to, o.sender.key.bech32("init"), o.receiver, o.nft);
  const { msgs } = await weft(o.from).postOk("/nft", body);
  const sent = await signAndBroadcast(o.sender, o.from.chainId, msgs);
  expect(sent.code, sent.raw_log).toBe(0);
  // Both hops and their acknowledgements (a rollup-to-rollup send goes through the L1's hook).
  net().produce(8);
  expect(net().chains.get(o.from.chainId)?.chain.findTx(sent.txhash)?.result.code).toBe(0);
  await ingest(o.to);
}

describe("the wallet sends an NFT to another chain through POST /nft", () => {
  it.each(PAIRS)(
    "$name: Weft on the destination lists it as the recipient's, named after its origin",
    async (p) => {
      await ingest(p.from);
      const nft = (await tokensOf(p.from, alice().key.bech32("init"))).find(
        (t) => t.nft.token_id === p.tokenId,
      );
      expect(nft, `${p.tokenId} on ${p.from.chainId}`).toBeDefined();
      await sendAcross({
        from: p.from,
        to: p.to,
        sender: alice(),
        receiver: carol().key.bech32("init"),
        nft,
      });
      const arrived = (await tokensOf(p.to, carol().key.bech32("init"))).filter(
        (t) => t.collection_origin_name === p.from.collection,
      );
      expect(arrived).toHaveLength(1);
      // minievm keeps a received token under a uint256 id of its own (the SHA-256 of the origin id).
      if (p.to.vm !== "evm") expect(arrived[0]?.nft.token_id).toBe(p.tokenId);
      // Its txs on the destination: the relayed receive that brought it (a MsgRecvPacket tx).
      const token = arrived[0] as Json;
      const txs = await weft(p.to).get(
        `/indexer/nft/v1/txs/${token.collection_addr}/${encodeURIComponent(token.nft.token_id)}`,
      );
      expect(txs.status).toBe(200);
      expect(JSON.stringify(txs.body.txs)).toContain("/ibc.core.channel.v1.MsgRecvPacket");
      await ingest(p.from);
      expect((await tokensOf(p.from, alice().key.bech32("init"))).map((t) => t.nft.token_id)).not.toContain(
        p.tokenId,
      );
    },
    60_000,
  );

  it.each([
    { from: NFT_CHAINS[1], tokenId: TOKENS.move[0] },
    { from: NFT_CHAINS[2], tokenId: TOKENS.move[1] },
  ])(
    "the L1's $tokenId goes back home from $from.chainId to Alice, unwinding its class",
    async ({ from, tokenId }) => {
      const to = NFT_CHAINS[0];
      const nft = (await tokensOf(from, carol().key.bech32("init"))).find(
        (t) => t.collection_origin_name === to.collection,
      );
      expect(nft).toBeDefined();
      await sendAcross({ from, to, sender: carol(), receiver: alice().key.bech32("init"), nft });
      const home = (await tokensOf(to, alice().key.bech32("init"))).find((t) => t.nft.token_id === tokenId);
      expect(home).toMatchObject({ collection_name: to.collection, collection_origin_name: "" });
      await ingest(from);
      expect(await tokensOf(from, carol().key.bech32("init"))).not.toContainEqual(nft);
    },
    60_000,
  );
});
