/**
 * Rich list (spec tag Rich List): a denom's holders by balance, largest first unless
 * `pagination.reverse=false`, then holder; `next_key` is the last holder's `{"account","amount"}`
 * cursor, offset keys are accepted (the explorer pages by `pagination.offset`); `total` counted unless
 * `pagination.count_total=false` (then `"0"`, as the reference answers; the explorer never sends it)
 * (the writer's count of holders with a positive balance).
 * Denoms as stored: on EVM chains the lower-case `0x` ERC-20 address (`evm/<hex>` names the same
 * contract, and a Cosmos denom such as `uinit` the contract the node maps it to, via minievm's
 * `contracts/by_denom`), elsewhere the bank denom (`ibc/` hashes in upper case, as the chain prints them).
 */

import { badRequest } from "../api/errors.js";
import type { OperationHandlers } from "../api/operation.js";
import { toBech32 } from "../chain/addresses.js";
import type { IndexerDeps } from "./indexer-deps.js";
import { LIST_TOTAL_SQL } from "./list-total.js";
import { type OrderedPageQuery, orderedPage } from "./ordered-page.js";
import { type PageRequest, parsePageRequest } from "./pagination.js";

/**
 * What a path value names. The reference does not URL-decode path values and replaces only `%2F`;
 * Express has already decoded them here, so `evm%2F...` and `evm/...` arrive alike. On an EVM chain
 * `0x<hex>` and `evm/<hex>` name the ERC-20 itself; any other value is a Cosmos denom whose contract
 * the node knows (`cosmos`), normalised as the reference does before asking: lower case, then `ibc/`
 * hashes in upper case and `gas` as `GAS`.
 */
export function parseDenom(
  raw: string,
  vmType: IndexerDeps["vmType"],
): { stored: string } | { cosmos: string } {
  const denom = raw.replace(/%2F/g, "/").trim();
  if (vmType !== "evm") {
    const ibc = /^ibc\/([0-9a-fA-F]{64})$/.exec(denom);
    return { stored: ibc ? `ibc/${(ibc[1] as string).toUpperCase()}` : denom };
  }
  const lower = denom.toLowerCase();
  const hex = /^(?:0x|evm\/)([0-9a-f]{40})$/.exec(lower);
  if (hex) return { stored: `0x${hex[1]}` };
  if (lower.startsWith("ibc/")) return { cosmos: `ibc/${lower.slice(4).toUpperCase()}` };
  return { cosmos: lower === "gas" ? "GAS" : lower };
}

/**
 * The stored denom of a path value that names it directly (the raw baseline's).
 * @throws ApiError 400 for a Cosmos denom on an EVM chain (the handler maps those over REST).
 */
export function storedDenom(raw: string, vmType: IndexerDeps["vmType"]): string {
  const parsed = parseDenom(raw, vmType);
  if ("stored" in parsed) return parsed.stored;
  throw badRequest(`invalid denom ${parsed.cosmos}: expected an ERC-20 address (0x...) or evm/<hex>`, [
    { field: "path.denom", description: "must be 0x<40 hex> or evm/<40 hex>" },
  ]);
}

interface HolderRow {
  account: Buffer;
  amount: string;
}

/**
 * The rich list's request and query. Exported through the internal entry point (internal.ts)
 * for the benchmarks' raw baseline, which runs the same statements.
 */
export function richListPage(
  request: PageRequest,
  denom: string,
): { request: PageRequest; query: OrderedPageQuery<HolderRow> } {
  const where = "WHERE r.denom = $1 AND r.amount > 0";
  const p = request.position;
  return {
    request,
    query: {
      select: `SELECT r.account, r.amount::text AS amount FROM rich_list_balance r ${where}`,
      params: [denom],
      order: ["r.amount", "r.account"],
      // (amount, account) < (A, H) reads the (denom, amount DESC, account DESC) index from the cursor.
      cursor:
        p.kind !== "amount"
          ? undefined
          : p.account
            ? { columns: ["r.amount", "r.account"], values: [p.amount, p.account] }
            : { columns: ["r.amount"], values: [p.amount] },
      nextCursor: (row) => ({ account: `0x${row.account.toString("hex")}`, amount: row.amount }),
      // Holders with a positive balance, kept by the writer (ingest/write-statement-nft.ts).
      count: { sql: LIST_TOTAL_SQL, params: ["rich_list", Buffer.alloc(0), denom] },
    },
  };
}

export function createRichListHandlers(deps: IndexerDeps): OperationHandlers {
  return {
    listRichList: async (input) => {
      const parsed = parseDenom(input.path.denom, deps.vmType);
      // A Cosmos denom on EVM: its ERC-20 over REST, as the reference's read API asks (cached).
      const denom = "stored" in parsed ? parsed.stored : await deps.node.erc20ByDenom(parsed.cosmos);
      const { request, query } = richListPage(parsePageRequest(input.query, "richList"), denom);
      const { rows, pagination } = await orderedPage<HolderRow>(deps, request, query);
      return {
        holders: rows.map((r) => ({
          account:
            deps.vmType === "evm" ? `0x${r.account.toString("hex")}` : toBech32(r.account, deps.prefix),
          amount: r.amount,
        })),
        pagination,
      };
    },
  };
}
