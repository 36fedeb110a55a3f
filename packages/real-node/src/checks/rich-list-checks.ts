/**
 * Rich lists: every holder Weft lists holds exactly that much on the node, and every ledger account
 * with a balance is listed, at the height Weft has indexed (balances read from the node at that same
 * height: bank REST with `x-cosmos-block-height`, or `balanceOf` by eth_call at that block).
 */
import { bech32ToHex, hexToBech32 } from "../node/node-home.js";
import { indexerOk, walkList } from "./indexer-client.js";
import type { Ledger, LedgerRichList } from "./ledger.js";
import type { Mismatches } from "./mismatches.js";
import { type NodeEndpoints, nodeBankBalance, nodeErc20Balance } from "./node-truth.js";

interface Holder {
  account: string;
  amount: string;
}

/** An account as address bytes in lower hex: holders are 0x hex on EVM and bech32 elsewhere. */
function accountKey(account: string): string {
  return account.startsWith("0x") ? account.toLowerCase() : bech32ToHex(account);
}

function balanceAt(
  node: NodeEndpoints,
  list: LedgerRichList,
  account: string,
  height: number,
): Promise<bigint> {
  return list.source.kind === "bank"
    ? nodeBankBalance(node, account, list.source.denom, height)
    : nodeErc20Balance(node, list.source.contract, accountKey(account), height);
}

export async function checkRichLists(
  m: Mismatches,
  weft: string,
  node: NodeEndpoints,
  ledger: Ledger,
): Promise<void> {
  for (const list of ledger.richLists) {
    await m.guard("rich list", list.denom, async () => {
      // The scenario is over, so balances stand still; pin the height anyway, the one Weft says it has.
      const height = (await indexerOk<{ height: number }>(weft, "/status")).height;
      const holders = await walkList<Holder>(
        weft,
        `/indexer/richlist/v1/${encodeURIComponent(list.denom)}`,
        "holders",
      );
      const listed = new Map(holders.map((h) => [accountKey(h.account), h]));
      for (const account of list.accounts) {
        const expected = await balanceAt(node, list, account, height);
        const got = listed.get(accountKey(account));
        m.equal(
          `rich list ${list.denom}`,
          `${account} at ${height}`,
          expected > 0n ? String(expected) : "absent",
          got?.amount ?? "absent",
        );
      }
      for (const holder of holders) {
        const hex = accountKey(holder.account);
        if (list.accounts.some((a) => accountKey(a) === hex)) continue;
        // A holder the ledger does not know (the fee collector, a module): still the node's number.
        const account =
          list.source.kind === "bank" && !holder.account.startsWith("init")
            ? hexToBech32("init", hex)
            : holder.account;
        const expected = await balanceAt(node, list, account, height);
        m.equal(
          `rich list ${list.denom}`,
          `other holder ${holder.account} at ${height}`,
          String(expected),
          holder.amount,
        );
      }
      const amounts = holders.map((h) => BigInt(h.amount));
      m.require(
        `rich list ${list.denom}`,
        "order: largest first",
        amounts.every((a, i) => i === 0 || a <= amounts[i - 1]!),
        {
          expected: "descending amounts",
          actual: holders.map((h) => h.amount),
        },
      );
    });
  }
}
