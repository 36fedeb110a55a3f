/**
 * The Cosmos REST state queries a reference indexer (rollytics) asks of a node beyond blocks and
 * txs, in the shapes a real Initia node's grpc-gateway prints: the latest block
 * (`/cosmos/base/tendermint/v1beta1/blocks/latest`), the node's versions (`.../node_info`), a Move
 * resource by struct tag (`/initia/move/v1/accounts/{addr}/resources/by_struct_tag`), minievm's
 * read-only call (`POST /minievm/evm/v1/call`) and denom map (`.../contracts/by_denom`), OPinit
 * opchild's validator (`/opinit/opchild/v1/validator/{valoper}`), and the bank state a rich list starts from
 * (`/cosmos/auth/v1beta1/accounts`, `.../module_accounts`, `/cosmos/bank/v1beta1/balances/{addr}`).
 * State reads honour `x-cosmos-block-height` (0 or absent = the head), as the node's gRPC gateway does.
 */
import { bech32 } from "bech32";
import { getAddress } from "viem";
import type { BankAccount, BankState } from "./chain/bank-state.js";
import type { Chain } from "./chain/chain-types.js";

export interface RestAnswer {
  status: number;
  body: unknown;
}

/** minievm's version on the devnet: >= v1.1.0 is where rollytics turns internal-tx indexing on. */
const APP_VERSION = "v1.1.6";
const COMET_VERSION = "0.38.17";

const notFound = (message: string): RestAnswer => ({ status: 404, body: { code: 5, message, details: [] } });
const invalid = (message: string): RestAnswer => ({ status: 400, body: { code: 3, message, details: [] } });

/** The height a state query reads: the `x-cosmos-block-height` header, else the head. */
function queryHeight(header: string | string[] | undefined, head: number): number | RestAnswer {
  if (header === undefined || header === "" || header === "0") return head;
  const h = Number(header);
  if (!Number.isSafeInteger(h) || h < 0) return invalid(`invalid height header: ${String(header)}`);
  if (h > head) return invalid(`cannot query with height in the future; please provide a valid height`);
  return h;
}

/** The path prefixes of the queries below: a node server hands these requests to answerRestState. */
const PREFIXES = ["/minievm/", "/initia/", "/opinit/", "/cosmos/base/", "/cosmos/auth/", "/cosmos/bank/"];

export const isRestStatePath = (pathname: string) => PREFIXES.some((p) => pathname.startsWith(p));

export function answerRestState(
  chain: Chain,
  head: number,
  request: { method: string; url: URL; heightHeader: string | string[] | undefined; body: string },
): RestAnswer | undefined {
  const { method, url } = request;
  if (method === "GET" && url.pathname === "/cosmos/base/tendermint/v1beta1/blocks/latest") {
    if (head < 1) return notFound("no block yet");
    const { block_id, block } = chain.block(head).block;
    return { status: 200, body: { block_id, block } };
  }
  if (method === "GET" && url.pathname === "/cosmos/base/tendermint/v1beta1/node_info") {
    return { status: 200, body: nodeInfo(chain) };
  }
  const resource = /^\/initia\/move\/v1\/accounts\/([^/]+)\/resources\/by_struct_tag$/.exec(url.pathname);
  if (method === "GET" && resource?.[1]) {
    const height = queryHeight(request.heightHeader, head);
    if (typeof height !== "number") return height;
    const address = decodeURIComponent(resource[1]);
    const structTag = url.searchParams.get("struct_tag") ?? "";
    if (!/^0x[0-9a-fA-F]{1,64}$/.test(address)) return invalid(`invalid address: ${address}`);
    const found = chain.moveResource(padMoveAddress(address), structTag, height);
    // minimove misses a resource with collections' not-found, which grpc-gateway answers as code 2
    // (Unknown), HTTP 500.
    if (!found)
      return {
        status: 500,
        body: {
          code: 2,
          message: `collections: not found: key '${address}/${structTag}' of type bytes`,
          details: [],
        },
      };
    return {
      status: 200,
      body: {
        resource: {
          address: padMoveAddress(address),
          struct_tag: structTag,
          move_resource: JSON.stringify(found),
          raw_bytes: "",
        },
      },
    };
  }
  if (method === "GET" && url.pathname === "/minievm/evm/v1/contracts/by_denom") {
    const denom = url.searchParams.get("denom") ?? "";
    const address = chain.contractByDenom(denom);
    // minievm v1.2.18 answers an unmapped denom with NotFound (code 5, HTTP 404), and the address
    // in its EIP-55 checksum case.
    return address
      ? { status: 200, body: { address: getAddress(address) } }
      : notFound(`collections: not found: key '${denom}' of type bytes`);
  }
  const validator = /^\/opinit\/opchild\/v1\/validator\/([^/]+)$/.exec(url.pathname);
  if (method === "GET" && validator?.[1]) {
    const found = chain.validator(decodeURIComponent(validator[1]));
    return found
      ? { status: 200, body: { validator: found } }
      : notFound(`validator ${validator[1]} not found`);
  }
  if (method === "POST" && url.pathname === "/minievm/evm/v1/call") {
    return evmCall(chain, request.body, head);
  }
  if (method === "GET" && url.pathname.startsWith("/cosmos/auth/v1beta1/")) {
    if (!chain.bank) return undefined;
    if (url.pathname === "/cosmos/auth/v1beta1/module_accounts")
      return {
        status: 200,
        body: { accounts: chain.bank.moduleAccounts.map((a) => accountJson(a, chain.vm)) },
      };
    if (url.pathname === "/cosmos/auth/v1beta1/accounts") {
      const height = queryHeight(request.heightHeader, head);
      if (typeof height !== "number") return height;
      return authAccounts(chain.bank, chain.vm, height, url.searchParams);
    }
  }
  const byDenom = /^\/cosmos\/bank\/v1beta1\/balances\/([^/]+)\/by_denom$/.exec(url.pathname);
  if (method === "GET" && byDenom?.[1] && chain.bank) {
    const height = queryHeight(request.heightHeader, head);
    if (typeof height !== "number") return height;
    const address = decodeURIComponent(byDenom[1]);
    const denom = url.searchParams.get("denom") ?? "";
    const amount = denom === BANK_DENOM ? (chain.bank.balances(height).get(address) ?? 0n) : 0n;
    return { status: 200, body: { balance: { denom, amount: String(amount) } } };
  }
  const balances = /^\/cosmos\/bank\/v1beta1\/balances\/([^/]+)$/.exec(url.pathname);
  if (method === "GET" && balances?.[1] && chain.bank) {
    const height = queryHeight(request.heightHeader, head);
    if (typeof height !== "number") return height;
    return bankBalances(chain.bank, chain.prefix, decodeURIComponent(balances[1]), height, url.searchParams);
  }
  return undefined;
}

const padMoveAddress = (address: string) => `0x${address.slice(2).toLowerCase().padStart(64, "0")}`;

function nodeInfo(chain: Chain) {
  return {
    default_node_info: {
      protocol_version: { p2p: "8", block: "11", app: "0" },
      default_node_id: "0000000000000000000000000000000000000000",
      listen_addr: "tcp://127.0.0.1:26656",
      network: chain.chainId,
      version: COMET_VERSION,
      channels: "40202122233038606100",
      moniker: "weft-devnet",
      other: { tx_index: "on", rpc_address: "tcp://127.0.0.1:26657" },
    },
    application_version: {
      name: chain.vm === "evm" ? "minievm" : chain.vm === "wasm" ? "miniwasm" : "initia",
      app_name: chain.vm === "evm" ? "minitiad" : chain.vm === "wasm" ? "minitiad" : "initiad",
      version: APP_VERSION,
      git_commit: "0000000000000000000000000000000000000000",
      build_tags: "netgo,ledger",
      go_version: "go version go1.23.8 linux/amd64",
      build_deps: [],
      cosmos_sdk_version: "v0.50.13",
    },
  };
}

/**
 * minievm's `Query/Call`: `{sender, contract_addr, input, value}` runs a read-only call and answers
 * `{response, used_gas, logs, trace_output, error}`; a revert is a 200 whose `error` says so, as
 * minievm reports execution errors in the body rather than as a gRPC status.
 */
function evmCall(chain: Chain, text: string, head: number): RestAnswer {
  if (chain.vm !== "evm")
    return { status: 501, body: { code: 12, message: "not an EVM chain", details: [] } };
  let body: { contract_addr?: unknown; input?: unknown };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    return invalid("request body must be JSON");
  }
  const to = typeof body.contract_addr === "string" ? body.contract_addr : "";
  const input = typeof body.input === "string" ? body.input : "";
  if (!/^0x[0-9a-fA-F]{40}$/.test(to)) return invalid(`invalid contract_addr: ${to}`);
  return minievmCallAnswer(chain.evmCall(to, input, head));
}

/** minievm's `Query/Call` answer to a call that returned `output` (undefined: it reverted). */
export function minievmCallAnswer(output: string | undefined): RestAnswer {
  return {
    status: 200,
    body: {
      response: output ?? "0x",
      used_gas: output === undefined ? "0" : "23000",
      logs: [],
      trace_output: "",
      error: output === undefined ? "execution reverted" : "",
    },
  };
}

/** The fee denom every devnet balance is in. */
const BANK_DENOM = "uinit";
const DEFAULT_PAGE_LIMIT = 100;

/**
 * Cosmos SDK pagination over `items`: `pagination.key` (what a previous page's `next_key` was; here
 * the base64 of the next item's index) or `pagination.offset`, `pagination.limit` (default 100).
 * `total` is always given, as a node does for a first page with `count_total`.
 */
function paginate<T>(items: T[], params: URLSearchParams): RestAnswer | { page: T[]; pagination: unknown } {
  const limitText = params.get("pagination.limit");
  const limit = limitText ? Number(limitText) : DEFAULT_PAGE_LIMIT;
  if (!Number.isSafeInteger(limit) || limit < 0) return invalid(`invalid pagination.limit: ${limitText}`);
  const size = limit === 0 ? DEFAULT_PAGE_LIMIT : limit;
  const key = params.get("pagination.key");
  const from = key
    ? Number(Buffer.from(key, "base64").toString())
    : Number(params.get("pagination.offset") ?? 0);
  if (!Number.isSafeInteger(from) || from < 0) return invalid("invalid pagination.key or pagination.offset");
  const page = items.slice(from, from + size);
  const next = from + size < items.length ? Buffer.from(String(from + size)).toString("base64") : null;
  return { page, pagination: { next_key: next, total: String(items.length) } };
}

/**
 * An account as the grpc-gateway prints its `Any`: a BaseAccount flat; a ModuleAccount (and
 * minievm's ContractAccount) around a `base_account`. The devnet signs with keys it never
 * registers, so `pub_key` is null and `sequence` "0".
 */
function accountJson(account: BankAccount, vm: Chain["vm"]) {
  const base = {
    address: account.address,
    pub_key: null,
    account_number: String(account.accountNumber),
    sequence: "0",
  };
  if (account.kind === "module")
    return {
      "@type": "/cosmos.auth.v1beta1.ModuleAccount",
      base_account: base,
      name: account.name ?? "",
      permissions: account.permissions ?? [],
    };
  if (account.kind === "contract")
    return vm === "evm"
      ? { "@type": "/minievm.evm.v1.ContractAccount", base_account: base, code_hash: "" }
      : { "@type": "/cosmos.auth.v1beta1.BaseAccount", ...base };
  return { "@type": "/cosmos.auth.v1beta1.BaseAccount", ...base };
}

function authAccounts(bank: BankState, vm: Chain["vm"], height: number, params: URLSearchParams): RestAnswer {
  const paged = paginate(bank.accounts(height), params);
  if ("status" in paged) return paged;
  return {
    status: 200,
    body: { accounts: paged.page.map((a) => accountJson(a, vm)), pagination: paged.pagination },
  };
}

/** `bank/v1beta1/balances/{address}`: non-zero balances only, as the bank keeper stores them. */
function bankBalances(
  bank: BankState,
  prefix: string,
  address: string,
  height: number,
  params: URLSearchParams,
): RestAnswer {
  try {
    const decoded = bech32.decode(address, 90);
    if (decoded.prefix !== prefix) throw new Error("prefix");
  } catch {
    return invalid(`invalid address: decoding bech32 failed: ${address}`);
  }
  const amount = bank.balances(height).get(address) ?? 0n;
  const coins = amount === 0n ? [] : [{ denom: BANK_DENOM, amount: String(amount) }];
  const paged = paginate(coins, params);
  if ("status" in paged) return paged;
  return { status: 200, body: { balances: paged.page, pagination: paged.pagination } };
}
