/**
 * The node endpoints of a chain that accepts txs, in CometBFT RPC and Cosmos REST shapes: broadcast
 * (`broadcast_tx_sync`, `POST /cosmos/tx/v1beta1/txs`), tx lookup (`/tx`, `/tx_search` with
 * `type.key='value' AND ...` queries), accounts and balances for signers.
 */
import type { NodeExtension } from "../node-server.js";
import type { IndexedTx, LiveChain } from "./live-chain/live-chain-types.js";

const rpc = (result: unknown) => ({ status: 200, body: { jsonrpc: "2.0", id: -1, result } });
const rpcError = (data: string) => ({
  status: 200,
  body: { jsonrpc: "2.0", id: -1, error: { code: -32603, message: "Internal error", data } },
});

/** `recv_packet.packet_sequence='7' AND recv_packet.packet_dst_channel='channel-0'` -> conditions. */
export function parseTxQuery(query: string): { type: string; key: string; value: string }[] | undefined {
  const text = query.trim().replace(/^"(.*)"$/, "$1");
  const out: { type: string; key: string; value: string }[] = [];
  for (const part of text.split(/\s+AND\s+/i)) {
    const m = /^([A-Za-z0-9_]+)\.([A-Za-z0-9_]+)\s*=\s*'?([^']*)'?$/.exec(part.trim());
    if (!m) return undefined;
    out.push({ type: m[1] ?? "", key: m[2] ?? "", value: m[3] ?? "" });
  }
  return out;
}

const txJson = (t: IndexedTx) => ({
  hash: t.hash,
  height: String(t.height),
  index: t.index,
  tx_result: t.result,
  tx: t.raw,
});

type JsonRpcHandler = (
  method: string,
  params: unknown[],
) => Promise<{ result?: unknown; error?: { code: number; message: string } } | undefined>;

export function createLiveRoutes(
  chain: LiveChain,
  options: {
    jsonRpc?: JsonRpcHandler;
    /** Modules' own routes (nft/nft-routes.ts), asked first, in order. */
    routes?: NonNullable<NodeExtension["route"]>[];
  } = {},
): NodeExtension {
  const broadcast = async (bytes: Uint8Array) => chain.submit(bytes);
  return {
    beforeHead: (height) => chain.seal(height),
    async route(method, url, body) {
      for (const own of options.routes ?? []) {
        const answer = await own(method, url, body);
        if (answer) return answer;
      }
      const path = url.pathname;
      if (method === "POST" && path === "/" && options.jsonRpc && !body.includes("broadcast_tx_sync")) {
        const request = JSON.parse(body || "{}") as { id?: unknown; method?: string; params?: unknown[] };
        const answer = request.method
          ? await options.jsonRpc(request.method, request.params ?? [])
          : undefined;
        if (answer) return { status: 200, body: { jsonrpc: "2.0", id: request.id ?? null, ...answer } };
      }
      if (path === "/tx") {
        const tx = chain.findTx(url.searchParams.get("hash") ?? "");
        return tx ? rpc(txJson(tx)) : rpcError(`tx (${url.searchParams.get("hash")}) not found`);
      }
      if (path === "/tx_search") {
        const conditions = parseTxQuery(url.searchParams.get("query") ?? "");
        if (!conditions) return rpcError(`invalid query ${url.searchParams.get("query")}`);
        const txs = chain.searchTxs(conditions);
        return rpc({ txs: txs.map(txJson), total_count: String(txs.length) });
      }
      if (
        path === "/broadcast_tx_sync" ||
        (method === "POST" && path === "/" && body.includes("broadcast_tx_sync"))
      ) {
        const raw =
          path === "/"
            ? (JSON.parse(body) as { params: { tx: string } }).params.tx
            : (url.searchParams.get("tx") ?? "");
        const bytes = raw.startsWith("0x")
          ? Buffer.from(raw.slice(2), "hex")
          : Buffer.from(raw.replace(/^"|"$/g, ""), "base64");
        const r = await broadcast(bytes);
        return rpc({
          code: r.code,
          data: "",
          log: r.log,
          codespace: r.code === 0 ? "" : "sdk",
          hash: r.hash,
        });
      }
      if (method === "POST" && path === "/cosmos/tx/v1beta1/txs") {
        const r = await broadcast(Buffer.from((JSON.parse(body) as { tx_bytes: string }).tx_bytes, "base64"));
        const txResponse = {
          height: "0",
          txhash: r.hash,
          codespace: r.code === 0 ? "" : "sdk",
          code: r.code,
          data: "",
          raw_log: r.log,
          logs: [],
          info: "",
          gas_wanted: "0",
          gas_used: "0",
          tx: null,
          timestamp: "",
          events: [],
        };
        return { status: 200, body: { tx_response: txResponse } };
      }
      const account = /^\/cosmos\/auth\/v1beta1\/accounts\/([^/]+)$/.exec(path);
      if (account) {
        const address = account[1] ?? "";
        const a = chain.account(address);
        if (!a)
          return {
            status: 404,
            body: { code: 5, message: `account ${address} not found: key not found`, details: [] },
          };
        return {
          status: 200,
          body: {
            account: {
              "@type": "/cosmos.auth.v1beta1.BaseAccount",
              address,
              pub_key: null,
              account_number: a.number.toString(),
              sequence: a.sequence.toString(),
            },
          },
        };
      }
      const balance = /^\/cosmos\/bank\/v1beta1\/balances\/([^/]+)\/by_denom$/.exec(path);
      if (balance) {
        const denom = url.searchParams.get("denom") ?? "";
        return {
          status: 200,
          body: { balance: { denom, amount: chain.balance(balance[1] ?? "", denom).toString() } },
        };
      }
      const byHash = /^\/cosmos\/tx\/v1beta1\/txs\/([0-9A-Fa-f]{64})$/.exec(path);
      if (byHash) {
        const tx = chain.findTx(byHash[1] ?? "");
        if (!tx)
          return { status: 404, body: { code: 5, message: `tx not found: ${byHash[1]}`, details: [] } };
        // The SDK's TxResponse names the ABCI log `raw_log` (with `logs`, empty since v0.50).
        const { log, ...result } = tx.result;
        return {
          status: 200,
          body: {
            tx: tx.rest,
            tx_response: {
              height: String(tx.height),
              txhash: tx.hash,
              ...result,
              raw_log: log,
              logs: [],
              timestamp: tx.time,
            },
          },
        };
      }
      return undefined;
    },
  };
}
