/**
 * Router tracking checks (run only with a router URL): error semantics of track, status and the
 * info endpoints for well-formed unknowns (fresh ids and hashes each run, so another client's
 * tracking cannot change the verdict), a fresh hash tracked on a registry chain reads back as a
 * conforming submitted status, and a real transfer (given, or found on the indexer) followed to a
 * terminal state within a bound with every state and hop checked. These laws only read and track:
 * they never broadcast.
 */
import { type Check, type CheckContext, describe, fail, pass, skip } from "../check.js";
import type { Exchange, Probe } from "../http-probe.js";
import { isRecord } from "../wire.js";
import { conforms, freshChainId, freshHash, type Law, lawChecks, rejects, routerData } from "./router.js";
import { explorerLinkProblem, statusProblems, TERMINAL_STATUSES } from "./router-status-rules.js";

/** A tx to follow: given on the command line, or found on the indexer. */
export interface TrackTarget {
  txHash: string;
  chainId: string;
}
export interface TrackingOptions {
  /** Follow this tx instead of looking for a transfer on the indexer. */
  trackTx?: TrackTarget;
  /** How long a followed transfer may take to reach a terminal status. @default 60_000 */
  timeoutMs?: number;
  /** Between two status polls. @default 1_000 */
  pollMs?: number;
}
export const DEFAULT_TRACK_TIMEOUT_MS = 60_000;
const DEFAULT_POLL_MS = 1_000;

/**
 * Message types that start a transfer the router tracks to its end within seconds, as the indexer's
 * `msgs` filter takes them. An OPinit withdrawal (`opinit.opchild.v1.MsgInitiateTokenWithdrawal`) is
 * left out: it is received on the L1 only after the bridge's finalization period (days on a live
 * chain), and wallets never track it; follow one with `--track-tx` and a long `--track-timeout`.
 */
export const TRANSFER_MSG_TYPES = [
  "ibc.applications.transfer.v1.MsgTransfer",
  "opinit.ophost.v1.MsgInitiateTokenDeposit",
];

/** The newest successful transfer tx on the indexer, or why there is none. */
export async function findTransfer(
  probe: Probe,
  chainId: string | undefined,
): Promise<TrackTarget | { why: string }> {
  if (!chainId) return { why: "the indexer's /status names no chain_id" };
  for (const type of TRANSFER_MSG_TYPES) {
    const res = await probe.get("/indexer/tx/v1/txs", { msgs: type, "pagination.limit": "10" });
    const txs = isRecord(res.json) && Array.isArray(res.json.txs) ? res.json.txs : [];
    const tx = txs.find((t) => isRecord(t) && t.code === 0 && typeof t.txhash === "string");
    if (isRecord(tx)) return { txHash: String(tx.txhash), chainId };
  }
  return { why: `no IBC or OPinit transfer tx (${TRANSFER_MSG_TYPES.join(", ")}) found on ${chainId}` };
}

const trackUnknownLaw: Law = async (ctx, probe) => {
  const chain = freshChainId();
  const res = await probe.post("/v2/tx/track", { tx_hash: freshHash(), chain_id: chain });
  const problem = rejects(ctx, "trackTx", res, `track on ${chain}, a chain no registry has`);
  if (problem) return fail(problem);
  const status = await probe.get("/v2/tx/status", { tx_hash: freshHash(), chain_id: chain });
  if (status.status !== 404)
    return fail(`status on ${chain}: expected 404 "tx not found", got ${describe(status)}`);
  return pass();
};

const chainsUnknownLaw: Law = async (ctx, probe) => {
  const data = await routerData(ctx, probe);
  const known = data.chains[0]?.chain_id;
  const unknown = freshChainId();
  const ids = known ? `${known},${unknown}` : unknown;
  const problems = [
    rejects(
      ctx,
      "getChains",
      await probe.get("/v2/info/chains", { chain_ids: unknown }),
      `chains of ${unknown}`,
    ),
    rejects(ctx, "getChains", await probe.get("/v2/info/chains", { chain_ids: ids }), `chains of ${ids}`),
    rejects(
      ctx,
      "getAssets",
      await probe.get("/v2/fungible/assets", { chain_ids: unknown }),
      `assets of ${unknown}`,
    ),
  ].filter((p): p is string => p !== undefined);
  return problems.length > 0
    ? fail(`a well-formed unknown chain id must be refused: ${problems.join("; ")}`)
    : pass();
};

/** Tracks `target`; the answer must conform, name the hash and a well-formed explorer link. */
async function track(ctx: CheckContext, probe: Probe, target: TrackTarget): Promise<Exchange | string> {
  const res = await probe.post("/v2/tx/track", { tx_hash: target.txHash, chain_id: target.chainId });
  const problem = conforms(ctx, "trackTx", res);
  if (problem) return `track ${target.txHash} on ${target.chainId}: ${problem}`;
  const body = res.json as { tx_hash: string; explorer_link: string };
  if (body.tx_hash.replace(/^0x/i, "").toUpperCase() !== target.txHash.replace(/^0x/i, "").toUpperCase())
    return `track answered tx_hash ${body.tx_hash} for ${target.txHash}`;
  return explorerLinkProblem(body.explorer_link) ?? res;
}

async function readStatus(ctx: CheckContext, probe: Probe, target: TrackTarget) {
  const res = await probe.get("/v2/tx/status", { tx_hash: target.txHash, chain_id: target.chainId });
  const problem = conforms(ctx, "getTxStatus", res);
  if (problem) return { problem: `status of ${target.txHash}: ${problem}` };
  const problems = statusProblems(res.json, target.chainId, target.txHash);
  if (problems.length > 0) return { problem: `status of ${target.txHash}: ${problems.join("; ")}` };
  return { body: res.json as { status: string; state: string } };
}

const trackFreshLaw: Law = async (ctx, probe) => {
  const data = await routerData(ctx, probe);
  if (data.chains.length === 0) return skip("the router lists no chains");
  // A chain may have no RPC endpoint to track on (a documented 404): take the first that tracks.
  for (const chain of data.chains) {
    const target = { txHash: freshHash(), chainId: chain.chain_id };
    const res = await probe.post("/v2/tx/track", {
      tx_hash: target.txHash.toLowerCase(),
      chain_id: chain.chain_id,
    });
    if (res.status === 404) continue;
    const tracked = await track(ctx, probe, target);
    if (typeof tracked === "string") return fail(tracked);
    const again = await track(ctx, probe, target);
    if (typeof again === "string") return fail(`tracking again: ${again}`);
    if (again.text !== tracked.text) return fail("tracking the same hash again answered differently");
    const read = await readStatus(ctx, probe, target);
    if (read.problem) return fail(read.problem);
    if (read.body?.status !== "STATE_SUBMITTED" && read.body?.status !== "STATE_FAILED")
      return fail(
        `a hash no chain has is ${read.body?.status}, not STATE_SUBMITTED (or STATE_FAILED once abandoned)`,
      );
    // The contract takes the hash in any case, 0x optional: the same transfer either way.
    const spelled = { ...target, txHash: `0x${target.txHash.toLowerCase()}` };
    const again2 = await readStatus(ctx, probe, spelled);
    if (again2.problem) return fail(`read as ${spelled.txHash}: ${again2.problem}`);
    if (again2.body?.state !== read.body.state)
      return fail(`read as ${spelled.txHash} the state is ${again2.body?.state}, not ${read.body.state}`);
    return pass(`${read.body.state} on ${chain.chain_id}`);
  }
  return skip("no chain of the registry can track (each answered 404)");
};

function followLaw(options: TrackingOptions): Law {
  return async (ctx, probe) => {
    const found = options.trackTx ?? (await findTransfer(ctx.probe, ctx.discovery.chainId));
    if ("why" in found) return skip(`${found.why}; give one with --track-tx`);
    // A transfer found on the indexer is followable only if the router knows the indexer's chain.
    if (!options.trackTx && !(await routerData(ctx, probe)).chains.some((c) => c.chain_id === found.chainId))
      return skip(`the indexer's chain ${found.chainId} is not listed by the router's /v2/info/chains`);
    const tracked = await track(ctx, probe, found);
    if (typeof tracked === "string") return fail(tracked);
    const deadline = Date.now() + (options.timeoutMs ?? DEFAULT_TRACK_TIMEOUT_MS);
    const seen: string[] = [];
    for (;;) {
      const read = await readStatus(ctx, probe, found);
      if (read.problem) return fail(read.problem);
      const { status, state } = read.body ?? { status: "", state: "" };
      if (seen.at(-1) !== state) seen.push(state);
      if (TERMINAL_STATUSES.has(status))
        return pass(`${found.txHash} on ${found.chainId}: ${seen.join(" -> ")}`);
      if (Date.now() >= deadline)
        return fail(
          `${found.txHash} on ${found.chainId} did not reach a terminal status within ${options.timeoutMs ?? DEFAULT_TRACK_TIMEOUT_MS} ms (${seen.join(" -> ")})`,
        );
      await new Promise((r) => setTimeout(r, options.pollMs ?? DEFAULT_POLL_MS));
    }
  };
}

/** The tracking checks; each skips when no router URL was given. */
export function routerTrackingChecks(options: TrackingOptions = {}): Check[] {
  const laws: { id: string; title: string; law: Law }[] = [
    {
      id: "router.track-unknown-chain",
      title: "track on a chain the registry lacks is the documented 4xx; status there is a 404",
      law: trackUnknownLaw,
    },
    {
      id: "router.chains-unknown-id",
      title:
        "a well-formed unknown chain id in chain_ids is refused by /v2/info/chains and /v2/fungible/assets, not dropped",
      law: chainsUnknownLaw,
    },
    {
      id: "router.track-fresh",
      title:
        "a fresh hash tracked on a registry chain: track conforms and is idempotent, its status conforms, is submitted, and reads the same with the hash in lower case and 0x",
      law: trackFreshLaw,
    },
    {
      id: "router.follow-transfer",
      title:
        "a transfer (--track-tx, or found on the indexer) followed to a terminal status: every state and hop value as documented",
      law: followLaw(options),
    },
  ];
  return lawChecks(laws);
}
