/**
 * The live L1 agrees with itself, read only through its node as an indexer reads it: the state at
 * height 1 (`auth/v1beta1/accounts` and `bank/v1beta1/balances` at `x-cosmos-block-height: 1`) plus
 * the fee denom's `coin_spent` / `coin_received` of blocks 2..h (tx and block events of
 * `/block_results`) is what `by_denom` and `balances/{addr}` answer at h, for every account: the
 * background's seeded ones (their traffic, and live coins they receive) and live genesis ones.
 */
import { MsgTransfer } from "cosmjs-types/ibc/applications/transfer/v1/tx";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { depositCodec, TYPE_DEPOSIT } from "./initia-protos.js";
import { type Interchain, L1_CHAIN_ID, startInterchain } from "./interchain.js";
import { createTestKey, signTx, type TestKey } from "./test-keys.js";

const WASM = "weft-wasm-1";
/** uinit on the Wasm rollup, arrived over its channel-0 from the L1. */
const UINIT_ON_WASM = "ibc/37A3FB4FED4CA04ED6D9E5DA36C6D27248645F0E22F585576A1488B8A89C5A50";
const ALICE_GENESIS = 10_000_000n;

interface Event {
  type: string;
  attributes: { key: string; value: string }[];
}

let net: Interchain;
let alice: TestKey;

const l1 = () => {
  const found = net.chains.get(L1_CHAIN_ID);
  if (!found) throw new Error("no L1");
  return found;
};

async function getJson<T>(url: string, height?: number): Promise<T> {
  const res = await fetch(url, height ? { headers: { "x-cosmos-block-height": String(height) } } : {});
  expect(res.status, url).toBe(200);
  return (await res.json()) as T;
}

async function broadcast(chainId: string, messages: { typeUrl: string; value: Uint8Array }[]) {
  const url = net.urls[chainId];
  const { account } = await getJson<{ account: { account_number: string; sequence: string } }>(
    `${url}/cosmos/auth/v1beta1/accounts/${alice.bech32("init")}`,
  );
  const raw = await signTx({
    key: alice,
    chainId,
    accountNumber: BigInt(account.account_number),
    sequence: BigInt(account.sequence),
    messages,
  });
  const res = await fetch(`${url}/cosmos/tx/v1beta1/txs`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ tx_bytes: Buffer.from(raw).toString("base64"), mode: "BROADCAST_MODE_SYNC" }),
  });
  const { tx_response } = (await res.json()) as { tx_response: { code: number; txhash: string } };
  expect(tx_response.code).toBe(0);
  return tx_response.txhash;
}

const transfer = (o: {
  channel: string;
  denom: string;
  amount: string;
  sender: string;
  receiver: string;
}) => ({
  typeUrl: "/ibc.applications.transfer.v1.MsgTransfer",
  value: MsgTransfer.encode(
    MsgTransfer.fromPartial({
      sourcePort: "transfer",
      sourceChannel: o.channel,
      token: { denom: o.denom, amount: o.amount },
      sender: o.sender,
      receiver: o.receiver,
      timeoutTimestamp: 1_900_000_000_000_000_000n,
    }),
  ).finish(),
});

/** Every account the node lists at `height`, over `next_key` pages. */
async function accountsAt(height: number): Promise<string[]> {
  const out: string[] = [];
  let key: string | null = null;
  do {
    const query: string = `pagination.limit=5${key ? `&pagination.key=${encodeURIComponent(key)}` : ""}`;
    const page: {
      accounts: { address?: string; base_account?: { address: string } }[];
      pagination: { next_key: string | null };
    } = await getJson(`${l1().node.url}/cosmos/auth/v1beta1/accounts?${query}`, height);
    for (const a of page.accounts) out.push(a.base_account?.address ?? a.address ?? "");
    key = page.pagination.next_key;
  } while (key);
  return out;
}

/** `balances/{address}` at `height`: the fee denom's amount (0 when the node lists none). */
async function bankBalanceAt(address: string, height: number): Promise<bigint> {
  const { balances } = await getJson<{ balances: { denom: string; amount: string }[] }>(
    `${l1().node.url}/cosmos/bank/v1beta1/balances/${address}`,
    height,
  );
  return BigInt(balances.find((b) => b.denom === "uinit")?.amount ?? "0");
}

/** `balances/{address}/by_denom?denom=uinit` at the head. */
async function byDenom(address: string): Promise<bigint> {
  const { balance } = await getJson<{ balance: { amount: string } }>(
    `${l1().node.url}/cosmos/bank/v1beta1/balances/${address}/by_denom?denom=uinit`,
  );
  return BigInt(balance.amount);
}

/** The fee denom's amount in an SDK coin list (`12uinit,5ibc/AB..`). */
const uinitOf = (coins: string) =>
  coins
    .split(",")
    .map((c) => /^(\d+)uinit$/.exec(c.trim())?.[1])
    .reduce((sum, a) => sum + BigInt(a ?? "0"), 0n);

/** What an indexer holds at `height`: the node's state at block 1, then the events of 2..height. */
async function foldedAt(height: number): Promise<Map<string, bigint>> {
  const held = new Map<string, bigint>();
  for (const address of await accountsAt(1)) held.set(address, await bankBalanceAt(address, 1));
  for (let h = 2; h <= height; h++) {
    const { result } = await getJson<{
      result: { txs_results: { events: Event[] }[] | null; finalize_block_events: Event[] | null };
    }>(`${l1().node.url}/block_results?height=${h}`);
    const events = [
      ...(result.txs_results ?? []).flatMap((t) => t.events),
      ...(result.finalize_block_events ?? []),
    ];
    for (const e of events) {
      const sign = e.type === "coin_spent" ? -1n : e.type === "coin_received" ? 1n : 0n;
      if (sign === 0n) continue;
      const who = e.attributes.find((a) => a.key === (sign < 0n ? "spender" : "receiver"))?.value ?? "";
      const amount = uinitOf(e.attributes.find((a) => a.key === "amount")?.value ?? "");
      held.set(who, (held.get(who) ?? 0n) + sign * amount);
    }
  }
  return held;
}

beforeAll(async () => {
  alice = await createTestKey("alice");
  net = await startInterchain({
    genesis: {
      // An escrow funded at genesis, as the router's tests do: a ledger key, not an account.
      [L1_CHAIN_ID]: {
        [alice.bech32("init")]: { uinit: ALICE_GENESIS },
        "escrow/opinit/2": { uinit: 5_000n },
      },
    },
  });
  net.produce(1);
});
afterAll(async () => net?.close());

describe("the live L1's bank", () => {
  it("answers by_denom and balances at h as its state at block 1 plus its coin events since", async () => {
    const chain = l1().chain;
    // The richest seeded account (as the node answers) receives live coins: both sources meet.
    let topHolder = "";
    let most = -1n;
    for (const address of chain.accounts) {
      const amount = await byDenom(address);
      if (amount > most) [topHolder, most] = [address, amount];
    }

    const sender = alice.bech32("init");
    await broadcast(L1_CHAIN_ID, [
      transfer({ channel: "channel-1", denom: "uinit", amount: "2000", sender, receiver: sender }),
    ]);
    net.produce(4);
    // Back from the Wasm rollup to the top holder: the L1 unescrows into a seeded account.
    await broadcast(WASM, [
      transfer({ channel: "channel-0", denom: UINIT_ON_WASM, amount: "700", sender, receiver: topHolder }),
    ]);
    net.produce(4);
    const unescrowed = chain.searchTxs([{ type: "coin_received", key: "receiver", value: topHolder }]);
    expect(unescrowed.flatMap((t) => t.result.events.filter((e) => e.type === "coin_received"))).toEqual([
      {
        type: "coin_received",
        attributes: [
          { key: "receiver", value: topHolder, index: true },
          { key: "amount", value: "700uinit", index: true },
          { key: "msg_index", value: "0", index: true },
        ],
      },
    ]);
    const deposit = depositCodec.encode({
      sender,
      bridgeId: 2n,
      to: sender,
      amount: { denom: "uinit", amount: "3000" },
      data: new Uint8Array(),
    });
    await broadcast(L1_CHAIN_ID, [{ typeUrl: TYPE_DEPOSIT, value: deposit }]);
    // Admitted, then fails in DeliverTx (insufficient funds): it must move nothing.
    const failed = await broadcast(L1_CHAIN_ID, [
      transfer({ channel: "channel-1", denom: "uinit", amount: "1000000000000", sender, receiver: sender }),
    ]);
    net.produce(6);
    expect(chain.findTx(failed)?.result.code).toBe(5);

    const h = chain.head;
    const folded = await foldedAt(h);
    expect(folded.get(sender)).toBe(ALICE_GENESIS - 2000n - 3000n);
    expect(folded.has("escrow/opinit/2")).toBe(false);
    const start = await bankBalanceAt(topHolder, 1);
    expect(folded.get(topHolder)).not.toBe(start);
    // Every account the L1 lists at h is one the fold knows of, and the other way round.
    expect(new Set(await accountsAt(h))).toEqual(new Set(folded.keys()));

    for (const [address, amount] of folded) {
      expect({ address, by_denom: await byDenom(address) }).toEqual({ address, by_denom: amount });
      expect({ address, at_h: await bankBalanceAt(address, h) }).toEqual({ address, at_h: amount });
    }
  });

  it("lists its module accounts", async () => {
    const { accounts } = await getJson<{ accounts: { name: string }[] }>(
      `${l1().node.url}/cosmos/auth/v1beta1/module_accounts`,
    );
    expect(accounts.map((a) => a.name)).toContain("fee_collector");
  });
});
