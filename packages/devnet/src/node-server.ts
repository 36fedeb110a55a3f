/**
 * Serves a Chain over the protocols a real node speaks: CometBFT RPC (`/status`, `/block`,
 * `/block_results`, JSON-RPC envelopes) and Cosmos REST (`/cosmos/tx/v1beta1/txs/block/{h}` with
 * key and offset pagination, `/cosmos/tx/v1beta1/txs/{hash}`; on Wasm chains wasmd's contract record
 * and `contract_info` smart query; the state queries of rest-state.ts: blocks/latest, node_info, Move
 * resources, minievm's call and denom map, opchild's validator, auth and bank) and, on
 * EVM chains, EVM JSON-RPC
 * (POST; see json-rpc.ts). Blocks appear on a timer or on demand. Faults (errors, hangs, slow answers) can be injected on a deterministic fraction of requests.
 */

import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { bech32 } from "bech32";
import { cachedChain } from "./cached-chain.js";
import type { Chain } from "./chain/chain-types.js";
import { answerJsonRpc, type OtherMethods, type Outcome } from "./json-rpc.js";
import { answerRestState, isRestStatePath } from "./rest-state.js";

export interface Faults {
  /** Fraction of requests answered 500. */
  errorRate: number;
  /** Fraction of requests never answered (the client must time out). */
  timeoutRate: number;
  /** Fraction of requests answered after `slowMs`. */
  slowRate: number;
  slowMs: number;
}

/** What a chain that accepts txs adds to the node (see interchain/live-routes.ts). */
export interface NodeExtension {
  /** Runs before `height` becomes the head (a live chain seals its mempool into it). */
  beforeHead?(height: number): void;
  /** Answers what the base node does not serve; undefined when not handled. */
  route?(method: string, url: URL, body: string): Promise<{ status: number; body: unknown } | undefined>;
}

export interface DevnetNode {
  url: string;
  chain: Chain;
  /** Latest height served. */
  readonly head: number;
  produceBlocks(count: number): number;
  faults: Faults;
  readonly requests: number;
  close(): Promise<void>;
}

const REST_DEFAULT_LIMIT = 100;

export async function startDevnetNode(options: {
  chain: Chain;
  initialBlocks?: number;
  /** Produce a block every this many ms; 0 = only on demand. @default 0 */
  blockIntervalMs?: number;
  port?: number;
  host?: string;
  faults?: Partial<Faults>;
  extension?: NodeExtension;
}): Promise<DevnetNode> {
  const { extension } = options;
  const chain = cachedChain(options.chain);
  let head = 0;
  const advance = (count: number) => {
    for (let i = 0; i < count; i++) {
      extension?.beforeHead?.(head + 1);
      head++;
    }
    return head;
  };
  advance(options.initialBlocks ?? 0);
  let requests = 0;
  const faults: Faults = { errorRate: 0, timeoutRate: 0, slowRate: 0, slowMs: 500, ...options.faults };
  const hung = new Set<ServerResponse>();
  // Which requests fail is decided by a hash of the request counter: deterministic per run.
  const roll = (n: number, salt: number) => ((Math.imul(n ^ salt, 2654435761) >>> 0) % 10_000) / 10_000;

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const rpc = (res: ServerResponse, result: unknown) => json(res, 200, { jsonrpc: "2.0", id: -1, result });

  /** JSON-RPC over POST on any path, as nodes serve it on their JSON-RPC port. */
  /** `text`: the body when an extension already read it (a request body can be read once). */
  function jsonRpc(req: IncomingMessage, res: ServerResponse, text?: string) {
    const answer = (raw: string) => {
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        return json(res, 200, { jsonrpc: "2.0", id: null, error: { code: -32700, message: "parse error" } });
      }
      json(res, 200, answerJsonRpc(chain, head, body, cometJsonRpc));
    };
    if (text !== undefined) return answer(text);
    readBody(req, answer);
  }

  const readBody = (req: IncomingMessage, then: (text: string) => void) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => then(Buffer.concat(chunks).toString("utf8")));
  };

  /** CometBFT's `status`, `block` and `block_results`, for GET routes and JSON-RPC alike. */
  function comet(method: string, heightParam: string | null): Outcome {
    const internal = (data: string) => ({ error: { code: -32603, message: "Internal error", data } });
    if (method === "status") {
      return {
        result: {
          node_info: { network: chain.chainId, version: "0.38.17", moniker: "weft-devnet" },
          sync_info: {
            latest_block_hash: head > 0 ? chain.block(head).block.block_id.hash : "",
            latest_block_height: String(head),
            latest_block_time: head > 0 ? chain.block(head).block.block.header.time : "",
            earliest_block_height: "1",
            catching_up: false,
          },
        },
      };
    }
    const height = heightParam === null ? head : Number(heightParam);
    if (!Number.isInteger(height) || height < 1)
      return internal(`height must be greater than 0, but got ${heightParam}`);
    if (height > head)
      return internal(`height ${height} must be less than or equal to the current blockchain height ${head}`);
    const payload = chain.block(height);
    return { result: method === "block" ? payload.block : payload.results };
  }

  /** CometBFT methods over JSON-RPC: params by name (`{"height":"5"}`) or by position. */
  const cometJsonRpc: OtherMethods = (method, params) => {
    if (method !== "status" && method !== "block" && method !== "block_results") return undefined;
    const raw = Array.isArray(params) ? params[0] : (params as { height?: unknown } | undefined)?.height;
    return comet(method, raw === undefined || raw === null ? null : String(raw));
  };

  function route(req: IncomingMessage, res: ServerResponse, body?: string) {
    const u = new URL(req.url ?? "/", "http://devnet");
    if (isRestStatePath(u.pathname)) {
      if (body === undefined && req.method === "POST") return readBody(req, (text) => route(req, res, text));
      const answer = answerRestState(chain, head, {
        method: req.method ?? "GET",
        url: u,
        heightHeader: req.headers["x-cosmos-block-height"],
        body: body ?? "",
      });
      if (answer) return json(res, answer.status, answer.body);
    }
    if (req.method === "POST") return jsonRpc(req, res, body);
    const heightParam = u.searchParams.get("height");
    if (u.pathname === "/status" || u.pathname === "/block" || u.pathname === "/block_results") {
      const answer = comet(u.pathname.slice(1), heightParam);
      // CometBFT answers an error of a GET route with HTTP 500 around its JSON-RPC error.
      return "result" in answer
        ? rpc(res, answer.result)
        : json(res, 500, { jsonrpc: "2.0", id: -1, ...answer });
    }
    const byBlock = /^\/cosmos\/tx\/v1beta1\/txs\/block\/(\d+)$/.exec(u.pathname);
    if (byBlock) {
      const h = Number(byBlock[1]);
      // The SDK's ErrInvalidHeight (codespace sdk, code 26) through grpc-gateway: code 2, HTTP 500.
      if (h < 1 || h > head)
        return json(res, 500, {
          code: 2,
          message: `codespace sdk code 26: invalid height: requested height ${h} but height must not be less than 1 or greater than the current height ${head}`,
          details: [],
        });
      const payload = chain.block(h);
      const limit = Number(u.searchParams.get("pagination.limit") ?? REST_DEFAULT_LIMIT);
      const key = u.searchParams.get("pagination.key");
      const offset = key
        ? Number(Buffer.from(key, "base64").toString())
        : Number(u.searchParams.get("pagination.offset") ?? 0);
      const page = payload.txs.slice(offset, offset + limit);
      const next =
        offset + limit < payload.txs.length ? Buffer.from(String(offset + limit)).toString("base64") : null;
      return json(res, 200, {
        txs: page,
        block_id: payload.block.block_id,
        block: payload.block.block,
        pagination: { next_key: next, total: String(payload.txs.length) },
      });
    }
    const contract = /^\/cosmwasm\/wasm\/v1\/contract\/([a-z0-9]+)(?:\/smart\/([A-Za-z0-9+/=_%-]+))?$/.exec(
      u.pathname,
    );
    if (contract?.[1]) {
      const at = req.headers["x-cosmos-block-height"];
      return wasmContract(res, contract[1], contract[2], typeof at === "string" ? Number(at) : head);
    }
    return json(res, 501, { code: 12, message: `devnet does not serve ${u.pathname}`, details: [] });
  }

  /**
   * wasmd's contract record (`/cosmwasm/wasm/v1/contract/{addr}`) and smart queries
   * (`.../smart/{base64 query}`); a cw721 answers `{"contract_info":{}}` with its name and symbol.
   * Errors in grpc-gateway's shape, as a node sends them: a query the contract does not know is a
   * 500 with code 2, an unknown contract a 404 with code 5.
   */
  function wasmContract(res: ServerResponse, address: string, query: string | undefined, at: number) {
    let hex: string;
    try {
      hex = `0x${Buffer.from(bech32.fromWords(bech32.decode(address, 90).words)).toString("hex")}`;
    } catch {
      return json(res, 400, { code: 3, message: `decoding bech32 failed: ${address}`, details: [] });
    }
    const info = chain.wasmContract(hex, Math.min(at, head));
    if (!info) return json(res, 404, { code: 5, message: `no such contract: ${address}`, details: [] });
    if (query === undefined) {
      return json(res, 200, {
        address,
        contract_info: {
          code_id: "1",
          creator: info.creator,
          admin: info.creator,
          label: info.name,
          created: null,
          ibc_port_id: "",
          extension: null,
        },
      });
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(Buffer.from(decodeURIComponent(query), "base64").toString());
    } catch {
      return json(res, 400, { code: 3, message: "query data must be json", details: [] });
    }
    if (parsed && typeof parsed === "object" && "contract_info" in parsed) {
      return json(res, 200, { data: { name: info.name, symbol: info.symbol } });
    }
    return json(res, 500, {
      code: 2,
      message:
        "Error parsing into type cw721_base::msg::QueryMsg: unknown variant: query wasm contract failed",
      details: [],
    });
  }

  const server = createServer((req, res) => {
    requests++;
    if (roll(requests, 1) < faults.timeoutRate) {
      hung.add(res);
      res.on("close", () => hung.delete(res));
      return;
    }
    if (roll(requests, 2) < faults.errorRate) return json(res, 500, { error: "injected fault" });
    if (roll(requests, 3) < faults.slowRate) {
      setTimeout(() => route(req, res), faults.slowMs);
      return;
    }
    if (!extension?.route) return route(req, res);
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://devnet");
      const body = Buffer.concat(chunks).toString();
      extension.route?.(req.method ?? "GET", url, body).then(
        (answer) => (answer ? json(res, answer.status, answer.body) : route(req, res, body)),
        (err: unknown) => json(res, 500, { code: 2, message: String(err), details: [] }),
      );
    });
  });
  server.listen(options.port ?? 0, options.host ?? "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  const timer = options.blockIntervalMs ? setInterval(() => advance(1), options.blockIntervalMs) : undefined;
  timer?.unref();
  const address = server.address() as AddressInfo;
  return {
    url: `http://${address.address}:${address.port}`,
    chain: options.chain,
    get head() {
      return head;
    },
    produceBlocks: advance,
    faults,
    get requests() {
      return requests;
    },
    async close() {
      if (timer) clearInterval(timer);
      for (const res of hung) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
