import { bech32 } from "bech32";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DevnetNode, startDevnetNode } from "../node-server.js";
import { createChain } from "./create-chain.js";
import { UINIT_METADATA } from "./move-fungible-asset.js";

const BLOCKS = 300;
const HEIGHTS = [1, 64, 65, 177, BLOCKS];
const TRANSFER = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";

interface Event {
  type: string;
  attributes: { key: string; value: string }[];
}

const getJson = async <T>(url: string, height?: number): Promise<T> => {
  const res = await fetch(url, height ? { headers: { "x-cosmos-block-height": String(height) } } : {});
  expect(res.status, url).toBe(200);
  return (await res.json()) as T;
};

/** Every account the node lists at `height`, walking `next_key` pages of 7. */
async function listAccounts(node: DevnetNode, height: number): Promise<Record<string, unknown>[]> {
  const all: Record<string, unknown>[] = [];
  let key: string | null = null;
  do {
    const query: string = `pagination.limit=7${key ? `&pagination.key=${encodeURIComponent(key)}` : ""}`;
    const page: {
      accounts: Record<string, unknown>[];
      pagination: { next_key: string | null; total: string };
    } = await getJson(`${node.url}/cosmos/auth/v1beta1/accounts?${query}`, height);
    all.push(...page.accounts);
    key = page.pagination.next_key;
  } while (key);
  return all;
}

const addressOf = (account: Record<string, unknown>) =>
  String((account.base_account as { address?: string } | undefined)?.address ?? account.address);

/**
 * Genesis plus what the node's events move up to `height`, folded from `/block_results` alone: bank
 * `coin_spent`/`coin_received`, and (`erc20`) the fee token's ERC-20 Transfer logs instead.
 */
async function foldEvents(
  node: DevnetNode,
  height: number,
  erc20?: string,
  fungibleAssets = false,
): Promise<Map<string, bigint>> {
  const balances = new Map(node.chain.bank?.genesis);
  const add = (address: string, amount: bigint) =>
    balances.set(address, (balances.get(address) ?? 0n) + amount);
  const toBech32 = (topic: string) =>
    bech32.encode("init", bech32.toWords(Buffer.from(topic.slice(-40), "hex")));
  for (let h = 1; h <= height; h++) {
    const { result } = await getJson<{ result: { txs_results: { events: Event[] }[] | null } }>(
      `${node.url}/block_results?height=${h}`,
    );
    for (const tx of result.txs_results ?? [])
      for (const [i, event] of tx.events.entries()) {
        if (fungibleAssets) {
          // Move: a Withdraw/Deposit event followed by its owner event, as the reference pairs them.
          const tag = event.attributes[0]?.value ?? "";
          const next = tx.events[i + 1]?.attributes[0]?.value ?? "";
          if (event.type !== "move" || next !== `${tag.replace(/Event$/, "")}OwnerEvent`) continue;
          const data = JSON.parse(event.attributes[1]?.value ?? "{}") as {
            amount: string;
            metadata_addr: string;
          };
          const owner = (JSON.parse(tx.events[i + 1]?.attributes[1]?.value ?? "{}") as { owner: string })
            .owner;
          expect(data.metadata_addr).toBe(UINIT_METADATA);
          const sign = tag === "0x1::fungible_asset::WithdrawEvent" ? -1n : 1n;
          add(toBech32(owner), sign * BigInt(data.amount));
          continue;
        }
        const attr = (key: string) => event.attributes.find((a) => a.key === key)?.value ?? "";
        if (erc20 === undefined && (event.type === "coin_spent" || event.type === "coin_received")) {
          const [, amount, denom] = /^(\d+)(.+)$/.exec(attr("amount")) ?? [];
          expect(denom).toBe("uinit");
          if (event.type === "coin_spent") add(attr("spender"), -BigInt(amount ?? 0));
          else add(attr("receiver"), BigInt(amount ?? 0));
        }
        if (erc20 !== undefined && event.type === "evm") {
          const log = JSON.parse(attr("log")) as { address: string; topics: string[]; data: string };
          if (log.address.toLowerCase() !== erc20 || log.topics.length !== 3 || log.topics[0] !== TRANSFER)
            continue;
          const [, from, to] = log.topics as [string, string, string];
          if (BigInt(from) !== 0n) add(toBech32(from), -BigInt(log.data));
          if (BigInt(to) !== 0n) add(toBech32(to), BigInt(log.data));
        }
      }
  }
  return new Map([...balances].filter(([, amount]) => amount !== 0n));
}

/** Each listed account's bank balance at `height`, over REST; zero balances left out. */
async function bankBalances(node: DevnetNode, height: number): Promise<Map<string, bigint>> {
  const out = new Map<string, bigint>();
  for (const account of await listAccounts(node, height)) {
    const address = addressOf(account);
    const { balances } = await getJson<{ balances: { denom: string; amount: string }[] }>(
      `${node.url}/cosmos/bank/v1beta1/balances/${address}`,
      height,
    );
    for (const coin of balances) {
      expect(coin.denom).toBe("uinit");
      out.set(address, BigInt(coin.amount));
    }
  }
  return out;
}

const sorted = (m: Map<string, bigint>) => [...m].sort(([a], [b]) => (a < b ? -1 : 1));

describe.each(["move", "wasm"] as const)("a %s devnet's bank state", (vm) => {
  let node: DevnetNode;
  beforeAll(async () => {
    node = await startDevnetNode({ chain: createChain({ seed: 42, vm }), initialBlocks: BLOCKS });
  });
  afterAll(() => node.close());

  it(`equals genesis + the coin events of blocks 1..h, at ${HEIGHTS.join(", ")}`, async () => {
    for (const height of HEIGHTS) {
      const expected = await foldEvents(node, height);
      expect(expected.size).toBeGreaterThanOrEqual(8);
      expect(sorted(await bankBalances(node, height)), `height ${height}`).toEqual(sorted(expected));
    }
  }, 60_000);

  it("lists module accounts (minter/burner permissions) among the accounts, in the SDK's shapes", async () => {
    const modules = await getJson<{ accounts: Record<string, unknown>[] }>(
      `${node.url}/cosmos/auth/v1beta1/module_accounts`,
    );
    const mint = modules.accounts.find((a) => a.name === "mint");
    expect(mint).toMatchObject({
      "@type": "/cosmos.auth.v1beta1.ModuleAccount",
      base_account: { address: expect.stringMatching(/^init1/), pub_key: null, sequence: "0" },
      permissions: ["minter"],
    });
    const all = await listAccounts(node, BLOCKS);
    expect(all.map(addressOf)).toEqual(expect.arrayContaining(modules.accounts.map(addressOf)));
    expect(all.find((a) => a["@type"] === "/cosmos.auth.v1beta1.BaseAccount")).toMatchObject({
      address: expect.stringMatching(/^init1/),
      account_number: expect.stringMatching(/^\d+$/),
    });
  });

  // Move's bank alone moves coins as fungible assets (defined only there: nothing to skip elsewhere).
  if (vm === "move")
    it("moves the same coins as fungible-asset events between primary stores, named by the coin's Metadata resource", async () => {
      for (const height of HEIGHTS) {
        const fromEvents = await foldEvents(node, height, undefined, true);
        expect(fromEvents.size).toBeGreaterThanOrEqual(8);
        expect(sorted(fromEvents), `height ${height}`).toEqual(sorted(await foldEvents(node, height)));
      }
      const { resource } = await getJson<{ resource: { move_resource: string } }>(
        `${node.url}/initia/move/v1/accounts/${UINIT_METADATA}/resources/by_struct_tag?struct_tag=0x1::fungible_asset::Metadata`,
      );
      expect(JSON.parse(resource.move_resource)).toEqual({
        type: "0x1::fungible_asset::Metadata",
        data: { decimals: 0, icon_uri: "", name: "uinit", project_uri: "", symbol: "uinit" },
      });
    }, 60_000);

  it("answers the SDK's errors: a future height, a bad address", async () => {
    const future = await fetch(`${node.url}/cosmos/bank/v1beta1/balances/${node.chain.accounts[0]}`, {
      headers: { "x-cosmos-block-height": String(BLOCKS + 1) },
    });
    expect(future.status).toBe(400);
    const bad = await fetch(`${node.url}/cosmos/bank/v1beta1/balances/cosmos1xyz`);
    expect(await bad.json()).toEqual({
      code: 3,
      message: "invalid address: decoding bech32 failed: cosmos1xyz",
      details: [],
    });
  });
});

describe("an EVM devnet's bank state", () => {
  let node: DevnetNode;
  beforeAll(async () => {
    node = await startDevnetNode({ chain: createChain({ seed: 42, vm: "evm" }), initialBlocks: BLOCKS });
  });
  afterAll(() => node.close());

  it("bank balances, ERC-20 Transfer logs and eth_call balanceOf agree at every height asked", async () => {
    const token = node.chain.contractByDenom("uinit") as string;
    for (const height of HEIGHTS) {
      const fromLogs = await foldEvents(node, height, token);
      const bank = await bankBalances(node, height);
      expect(sorted(bank), `height ${height}`).toEqual(sorted(fromLogs));
      const holders = [...bank.keys()];
      const answers = await (
        await fetch(node.url, {
          method: "POST",
          body: JSON.stringify(
            holders.map((address, id) => ({
              jsonrpc: "2.0",
              id,
              method: "eth_call",
              params: [
                {
                  to: token,
                  data: `0x70a08231${Buffer.from(bech32.fromWords(bech32.decode(address).words))
                    .toString("hex")
                    .padStart(64, "0")}`,
                },
                `0x${height.toString(16)}`,
              ],
            })),
          ),
        })
      ).json();
      expect((answers as { result: string }[]).map((a) => BigInt(a.result))).toEqual(
        holders.map((a) => bank.get(a)),
      );
    }
  }, 60_000);

  it("lists the ERC-20's contracts as minievm ContractAccounts", async () => {
    const accounts = await listAccounts(node, BLOCKS);
    expect(accounts.filter((a) => a["@type"] === "/minievm.evm.v1.ContractAccount").length).toBeGreaterThan(
      0,
    );
  });
});
