/**
 * What the recorder does on a minimove chain: a bank send, a Move NFT collection and a mint (through
 * `0x1::simple_nft`, sent with the node's own CLI), then every node method Weft calls on a Move chain.
 */
import type { NodeCli } from "../node/node-cli.js";
import { bankCases, type Case, cometCases, restCases, txHeight } from "./minievm-scenario.js";
import type { NodeUrls, RecordedRequest } from "./record-http.js";

export interface MinimoveFacts {
  chainId: string;
  sender: string;
  receiver: string;
  valoper: string;
  send: { height: number; hash: string };
  mint: { height: number; hash: string; nft: string };
  head: number;
}

interface Ctx {
  cli: NodeCli;
  home: string;
  urls: NodeUrls;
  chainId: string;
  from: string;
  to: string;
}

interface CometTx {
  result?: {
    tx_result: { code: number; events: { type: string; attributes: { key: string; value: string }[] }[] };
  };
}

export async function runMinimoveTxs(ctx: Ctx): Promise<MinimoveFacts> {
  const { cli, home, urls } = ctx;
  const keyring = ["--keyring-backend", "test", "--home", home];
  const txFlags = [
    ...keyring,
    ...["--chain-id", ctx.chainId, "--node", urls.rpc.replace(/^http/, "tcp"), "--gas", "2000000"],
    ...["--fees", "0umin", "--yes", "--output", "json"],
  ];
  const sender = (await cli.run(["keys", "show", ctx.from, "-a", ...keyring])).trim();
  const receiver = (await cli.run(["keys", "show", ctx.to, "-a", ...keyring])).trim();
  const send = await cli.json<{ txhash: string }>([
    ...["tx", "bank", "send", ctx.from, receiver, "1000000umin"],
    ...txFlags,
  ]);
  const sendHeight = await txHeight(urls.rpc, send.txhash);
  const execute = async (fn: string, args: unknown[]) => {
    const sent = await cli.json<{ txhash: string }>([
      ...["tx", "move", "execute-json", "0x1", "simple_nft", fn, "--args", JSON.stringify(args)],
      ...["--from", ctx.from, ...txFlags],
    ]);
    const height = await txHeight(urls.rpc, sent.txhash);
    const tx = (await (await fetch(`${urls.rpc}/tx?hash=0x${sent.txhash}`)).json()) as CometTx;
    if (tx.result?.tx_result.code !== 0) throw new Error(`simple_nft::${fn} failed: ${JSON.stringify(tx)}`);
    return { height, hash: sent.txhash, events: tx.result.tx_result.events };
  };
  // A fresh name: a recording may run again on the same chain, and a collection name is taken once.
  const collection = `Weft ${Date.now()}`;
  await execute("create_collection", [
    ...["a collection", null, collection, "https://weft.example/c"],
    ...[false, false, false, false, false, false, "0.0"],
  ]);
  const mint = await execute("mint", [
    collection,
    "token one",
    "1",
    "https://weft.example/1",
    [],
    [],
    [],
    null,
  ]);
  const mintEvent = mint.events.find(
    (e) => e.type === "move" && e.attributes.some((a) => a.value === "0x1::collection::MintEvent"),
  );
  const data = mintEvent?.attributes.find((a) => a.key === "data")?.value ?? "{}";
  const nft = (JSON.parse(data) as { nft?: string }).nft ?? "";
  const status = (await (await fetch(`${urls.rpc}/status`)).json()) as {
    result: { sync_info: { latest_block_height: string }; node_info: { network: string } };
  };
  const validators = (await (await fetch(`${urls.rest}/opinit/opchild/v1/validators`)).json()) as {
    validators: { operator_address: string }[];
  };
  return {
    chainId: status.result.node_info.network,
    sender,
    receiver,
    valoper: validators.validators[0]?.operator_address ?? "",
    send: { height: sendHeight, hash: send.txhash },
    mint: { height: mint.height, hash: mint.hash, nft },
    head: Number(status.result.sync_info.latest_block_height),
  };
}

const get = (path: string, headers?: Record<string, string>): RecordedRequest => ({
  port: "rest",
  method: "GET",
  path,
  ...(headers ? { headers } : {}),
});

const NFT_RESOURCE = `struct_tag=${encodeURIComponent("0x1::nft::Nft")}`;

export function minimoveCases(f: MinimoveFacts): Case[] {
  const future = f.head + 100_000;
  return [
    ...cometCases(f.send.height, future),
    {
      name: "block_results.move-mint",
      about: "block_results of the block with the Move NFT mint (execute and move events)",
      request: { port: "rpc", method: "GET", path: `/block_results?height=${f.mint.height}` },
    },
    ...restCases(f.send.height, future, f.valoper),
    {
      name: "txs-by-block.move-mint",
      about: "REST txs of the block with the Move NFT mint (a MsgExecuteJSON)",
      request: get(`/cosmos/tx/v1beta1/txs/block/${f.mint.height}?pagination.limit=100&pagination.offset=0`),
    },
    ...bankCases(f.sender, "umin"),
    {
      name: "move-resource.nft",
      about: "the minted token's 0x1::nft::Nft resource at the mint height (its uri)",
      request: get(`/initia/move/v1/accounts/${f.mint.nft}/resources/by_struct_tag?${NFT_RESOURCE}`, {
        "x-cosmos-block-height": String(f.mint.height),
      }),
    },
    {
      name: "move-resource.missing",
      about: "an Nft resource at an address that holds none",
      request: get(`/initia/move/v1/accounts/0x${"ab".repeat(32)}/resources/by_struct_tag?${NFT_RESOURCE}`),
    },
  ];
}
