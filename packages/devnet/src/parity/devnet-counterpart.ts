/**
 * The devnet's counterpart of a recorded case: the same method asked about a devnet block of the
 * same kind (a bank send, an EVM deploy, an empty block, ...), since heights, hashes and addresses
 * differ between the two chains.
 */
import { bech32 } from "bech32";
import type { Chain } from "../chain/chain-types.js";
import type { Recorded } from "./real-node-fixtures.js";

export interface DevnetRequest {
  method: "GET" | "POST";
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/** How far above the head "a future height" is. */
const FUTURE = 100_000;
const SCAN_BLOCKS = 200;

/** The first height at or below `head` (up to SCAN_BLOCKS) where `test` holds. */
function heightWhere(head: number, test: (h: number) => boolean, what: string): number {
  for (let h = 2; h <= Math.min(head, SCAN_BLOCKS); h++) if (test(h)) return h;
  throw new Error(`the devnet has no ${what} in its first ${SCAN_BLOCKS} blocks`);
}

const ZERO_ADDRESS = `0x${"0".repeat(40)}`;

/**
 * Heights of the devnet blocks the cases ask about. Each recorded minievm case is a block with one
 * tx, so on EVM chains the counterpart's EVM view (receipts, traces) holds only txs of that kind:
 * a bank send's block no signed EVM tx (only Cosmos txs' Ethereum faces, from the zero address),
 * a deploy's block no Cosmos face, a call's block that one call (no DELEGATECALL or CREATE under it).
 */
export function devnetHeights(chain: Chain, head: number): Record<string, number> {
  const ok = (h: number, msg: string) => chain.truth(h).some((t) => t.code === 0 && t.msgType === msg);
  const evmView = (h: number) => (chain.vm === "evm" ? chain.evm(h).truth : []);
  const onlySigned = (h: number) => evmView(h).every((t) => t.from !== ZERO_ADDRESS);
  const heights: Record<string, number> = {
    "bank-send": heightWhere(
      head,
      (h) => ok(h, "cosmos.bank.v1beta1.MsgSend") && evmView(h).every((t) => t.from === ZERO_ADDRESS),
      "bank send",
    ),
    empty: heightWhere(head, (h) => chain.block(h).block.block.data.txs.length === 0, "empty block"),
    "future-height": head + FUTURE,
    genesis: 1,
  };
  if (chain.vm === "evm") {
    heights["evm-create"] = heightWhere(
      head,
      (h) => onlySigned(h) && evmView(h).some((t) => t.contractAddress !== null),
      "EVM deploy",
    );
    // The recorded call's and value transfer's frames call and staticcall, nothing else.
    const plainCall = (t: ReturnType<typeof evmView>[number]) =>
      t.to !== "" &&
      t.status === "0x1" &&
      t.internalTxs.every((f) => f.type === "CALL" || f.type === "STATICCALL");
    heights["evm-call"] = heightWhere(
      head,
      (h) => evmView(h).length === 1 && evmView(h).every(plainCall),
      "EVM call",
    );
    heights["evm-value"] = heights["evm-call"];
  } else {
    heights["move-mint"] = heightWhere(
      head,
      (h) => chain.truth(h).some((t) => t.code === 0 && (t.nft ?? []).some((n) => n.kind === "mint")),
      "Move NFT mint",
    );
  }
  return heights;
}

const q = (n: number) => `0x${n.toString(16)}`;

/** devnetHeights scans up to SCAN_BLOCKS blocks: once per chain and head, not once per case. */
const heightsCache = new WeakMap<Chain, { head: number; heights: Record<string, number> }>();

function heightsOf(chain: Chain, head: number): Record<string, number> {
  const cached = heightsCache.get(chain);
  if (cached?.head === head) return cached.heights;
  const heights = devnetHeights(chain, head);
  heightsCache.set(chain, { head, heights });
  return heights;
}

/** The devnet request of a recorded case, or undefined when the devnet does not serve that method. */
export function devnetCounterpart(recorded: Recorded, chain: Chain, head: number): DevnetRequest | undefined {
  const [method = "", kind = ""] = recorded.name.split(".");
  const heights = heightsOf(chain, head);
  const h = heights[kind] ?? heights["bank-send"] ?? 1;
  const holder = chain.accounts[0] ?? "";
  const proposer = chain.block(h).block.block.header.proposer_address;
  const valoper = bech32.encode(`${chain.prefix}valoper`, bech32.toWords(Buffer.from(proposer, "hex")));
  const evm = (m: string, params: unknown[]): DevnetRequest => ({
    method: "POST",
    path: "/",
    body: { jsonrpc: "2.0", id: 1, method: m, params },
  });
  const token = chain.vm === "evm" ? (chain.contractByDenom("uinit") ?? "") : "";
  switch (method) {
    case "status":
      return { method: "GET", path: "/status" };
    case "block":
    case "block_results":
      return { method: "GET", path: `/${method}?height=${h}` };
    case "batch":
      return {
        method: "POST",
        path: "/",
        body: [
          { jsonrpc: "2.0", id: 0, method: "block", params: { height: String(h) } },
          { jsonrpc: "2.0", id: 1, method: "block_results", params: { height: String(h) } },
        ],
      };
    case "txs-by-block":
      return {
        method: "GET",
        path: `/cosmos/tx/v1beta1/txs/block/${h}?pagination.limit=100&pagination.offset=0`,
      };
    case "opchild-validator":
      return {
        method: "GET",
        path: `/opinit/opchild/v1/validator/${kind === "proposer" ? valoper : bech32.encode(`${chain.prefix}valoper`, bech32.toWords(Buffer.alloc(20, 7)))}`,
      };
    case "auth-accounts":
      return { method: "GET", path: "/cosmos/auth/v1beta1/accounts?pagination.limit=2" };
    case "bank-balances":
      return { method: "GET", path: `/cosmos/bank/v1beta1/balances/${holder}?pagination.limit=100` };
    case "bank-balance-by-denom":
      return {
        method: "GET",
        path: `/cosmos/bank/v1beta1/balances/${holder}/by_denom?denom=${kind === "empty" ? "unheld" : "uinit"}`,
      };
    case "contracts-by-denom":
      return {
        method: "GET",
        path: `/minievm/evm/v1/contracts/by_denom?denom=${kind === "unknown" ? "nope" : "uinit"}`,
      };
    case "move-resource": {
      const mint = chain
        .truth(heights["move-mint"] ?? 1)
        .flatMap((t) => t.nft ?? [])
        .find((n) => n.kind === "mint");
      const object =
        kind === "nft" && mint && "object" in mint ? String(mint.object) : `0x${"ab".repeat(32)}`;
      return {
        method: "GET",
        path: `/initia/move/v1/accounts/${object}/resources/by_struct_tag?struct_tag=${encodeURIComponent("0x1::nft::Nft")}`,
        headers: kind === "nft" ? { "x-cosmos-block-height": String(heights["move-mint"]) } : {},
      };
    }
    case "eth_blockNumber":
      return evm(method, []);
    case "eth_getBlockReceipts":
      return evm(method, [q(h)]);
    case "debug_traceBlockByNumber":
      return evm(method, [q(h), { tracer: "callTracer" }]);
    case "eth_call":
      return evm(method, [
        kind === "revert"
          ? { to: token, data: "0xdeadbeef" }
          : {
              to: token,
              data: `0x70a08231${(chain.evmAccounts[0]?.address ?? "").slice(2).padStart(64, "0")}`,
            },
        "latest",
      ]);
    case "eth_getBalance":
      return evm(method, [chain.evmAccounts[0]?.address ?? "", "latest"]);
    default:
      return undefined;
  }
}
