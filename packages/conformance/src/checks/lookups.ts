/**
 * The contract's lookup rules, with fresh identifiers (never a fixed one another client may have
 * made real):
 * - `lookup.hash-case.<op>`: a tx hash is found in any case, with or without `0x`.
 * - `lookup.unknown.<op>`: a fresh, well-formed tx hash or collection is a 404 in the error envelope.
 * - `lookup.unknown-empty.<op>`: a fresh account (or collection) is an empty page, not a 404,
 *   where the contract says so.
 * - `lookup.by-name-case`: /collections/by_name finds a collection by its name in another case.
 */
import { randomBytes } from "node:crypto";
import { type Check, type CheckContext, describe, fail, pass, skip } from "../check.js";
import type { Contract } from "../contract.js";
import type { Outcome } from "../types.js";
import { isRecord, readPage } from "../wire.js";
import { responseProblem } from "./contract.js";

const enc = encodeURIComponent;
const TX = "/indexer/tx/v1";
const fresh = (bytes: number) => randomBytes(bytes).toString("hex");

interface HashLookup {
  path: (hash: string) => string;
  known: (ctx: CheckContext) => string | undefined;
  /** The answer names the hash found: the field to compare (case-insensitively, 0x ignored). */
  found: (json: unknown) => string | undefined;
  /** The spellings to try, from the discovered one. */
  spellings: (hash: string) => string[];
}

const bare = (h: string) => h.replace(/^0x/i, "");
const firstFrameHash = (json: unknown) => {
  const list = isRecord(json) ? json.internal_txs : undefined;
  return Array.isArray(list) && isRecord(list[0]) ? String(list[0].hash) : undefined;
};

const HASH_LOOKUPS: Record<string, HashLookup> = {
  getTx: {
    path: (h) => `${TX}/txs/${enc(h)}`,
    known: (ctx) => ctx.discovery.tx?.txhash,
    found: (json) => (isRecord(json) && isRecord(json.tx) ? String(json.tx.txhash) : undefined),
    spellings: (h) => [bare(h).toLowerCase(), `0x${bare(h).toUpperCase()}`, `0x${bare(h).toLowerCase()}`],
  },
  getEvmTx: {
    path: (h) => `${TX}/evm-txs/${enc(h)}`,
    known: (ctx) => ctx.discovery.evm?.txHash,
    found: (json) => (isRecord(json) && isRecord(json.tx) ? String(json.tx.transactionHash) : undefined),
    spellings: (h) => [bare(h).toLowerCase(), `0x${bare(h).toUpperCase()}`, bare(h).toUpperCase()],
  },
  listEvmInternalTxsByHash: {
    path: (h) => `${TX}/evm-internal-txs/${enc(h)}`,
    known: () => undefined,
    found: firstFrameHash,
    spellings: (h) => [bare(h).toLowerCase(), `0x${bare(h).toUpperCase()}`],
  },
};

/** A tx with internal frames (the frames' own list names one). */
async function knownHash(ctx: CheckContext, op: string): Promise<string | undefined> {
  const known = HASH_LOOKUPS[op]?.known(ctx);
  if (known || op !== "listEvmInternalTxsByHash") return known;
  const res = await ctx.probe.get(`${TX}/evm-internal-txs`, { "pagination.limit": "1" });
  return firstFrameHash(res.json);
}

async function hashCase(ctx: CheckContext, op: string): Promise<Outcome> {
  const lookup = HASH_LOOKUPS[op];
  const hash = lookup ? await knownHash(ctx, op) : undefined;
  if (!lookup || !hash) return skip("no tx found on the deployment");
  for (const spelling of lookup.spellings(hash)) {
    const res = await ctx.probe.get(lookup.path(spelling));
    const found = res.status === 200 ? lookup.found(res.json) : undefined;
    if (found === undefined || bare(found).toLowerCase() !== bare(hash).toLowerCase())
      return fail(`${hash} spelled ${spelling} is not found: ${describe(res)}`);
  }
  return pass(`${lookup.spellings(hash).length} spellings found`);
}

/** Unknown identifiers answered 404 in the envelope (code 5), per the contract. */
const UNKNOWN_404: Record<string, () => string> = {
  getTx: () => `${TX}/txs/${fresh(32).toUpperCase()}`,
  getEvmTx: () => `${TX}/evm-txs/0x${fresh(32)}`,
  listEvmInternalTxsByHash: () => `${TX}/evm-internal-txs/0x${fresh(32)}`,
  getNftCollection: () => `/indexer/nft/v1/collections/0x${fresh(32)}`,
};

async function unknown404(ctx: CheckContext, contract: Contract, opId: string): Promise<Outcome> {
  const op = contract.operations.find((o) => o.operationId === opId);
  const path = UNKNOWN_404[opId]?.();
  if (!op || !path) return skip(`${opId} is not in the contract`);
  const res = await ctx.probe.get(path);
  if (res.status !== 404) return fail(`a fresh, well-formed id must be a 404, got ${describe(res)}`);
  if (ctx.profile === "reference") return pass();
  const problem = responseProblem(ctx, op, res);
  return problem ? fail(problem) : pass();
}

/** Fresh accounts or collections the contract answers with an empty page (no 404 documented for them), and the list key. */
const UNKNOWN_EMPTY: Record<string, { path: () => string; key: string }> = {
  listTxsByAccount: { path: () => `${TX}/txs/by_account/0x${fresh(20)}`, key: "txs" },
  listNftCollectionsByAccount: {
    path: () => `/indexer/nft/v1/collections/by_account/0x${fresh(20)}`,
    key: "collections",
  },
  listNftTokensByAccount: { path: () => `/indexer/nft/v1/tokens/by_account/0x${fresh(20)}`, key: "tokens" },
  // Their only documented 404 is a chain without EVM routes.
  listEvmTxsByAccount: { path: () => `${TX}/evm-txs/by_account/0x${fresh(20)}`, key: "txs" },
  listEvmInternalTxsByAccount: {
    path: () => `${TX}/evm-internal-txs/by_account/0x${fresh(20)}`,
    key: "internal_txs",
  },
  listNftTokensByCollection: {
    path: () => `/indexer/nft/v1/tokens/by_collection/0x${fresh(32)}`,
    key: "tokens",
  },
};

async function unknownEmpty(ctx: CheckContext, opId: string): Promise<Outcome> {
  const rule = UNKNOWN_EMPTY[opId];
  if (!rule) return skip(`${opId} has no empty-page rule`);
  const res = await ctx.probe.get(rule.path(), { "pagination.count_total": "true" });
  if (res.status !== 200) return fail(`a fresh, well-formed id must be an empty page, got ${describe(res)}`);
  const page = readPage(res.json, rule.key);
  if ("problem" in page) return fail(page.problem);
  if (page.items.length > 0) return fail(`a fresh id lists ${page.items.length} record(s)`);
  return page.pagination.total === "0"
    ? pass()
    : fail(`a fresh id has total ${String(page.pagination.total)}, not "0"`);
}

/** Swaps the case of each letter: "Weft Devnet" -> "wEFT dEVNET". */
const swapCase = (s: string) =>
  [...s].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join("");

async function byNameCase(ctx: CheckContext): Promise<Outcome> {
  const nft = ctx.discovery.nft;
  const name = nft?.collectionName;
  if (!nft || !name || swapCase(name) === name) return skip("no NFT collection with a lettered name found");
  // The reference does not percent-decode path parameters: a space arrives as `%20`, which its match
  // (on letters, marks and numbers only) reads as "20", so a name with a space is never found by its
  // spelling. It compares letters and numbers alone anyway: its profile asks with only those.
  const asked = ctx.profile === "reference" ? name.replace(/[^\p{L}\p{M}\p{N}]/gu, "") : name;
  for (const text of [swapCase(asked), asked.toUpperCase()]) {
    const res = await ctx.probe.get(`/indexer/nft/v1/collections/by_name/${enc(text)}`, {
      "pagination.limit": "1000",
    });
    const page = readPage(res.json, "collections");
    if (res.status !== 200 || "problem" in page)
      return fail(`/collections/by_name/${text}: ${describe(res)}`);
    if (!page.items.some((c) => isRecord(c) && c.object_addr === nft.collectionAddr))
      return fail(
        `/collections/by_name/${text} does not find collection ${JSON.stringify(name)} (case-insensitive)`,
      );
  }
  return pass();
}

const classFor = (op: string) =>
  op.startsWith("getEvm") || op.includes("Evm") ? "evm" : op.includes("Nft") ? "nft" : "txs";

export function lookupChecks(contract: Contract): Check[] {
  return [
    ...Object.keys(HASH_LOOKUPS).map(
      (op): Check => ({
        id: `lookup.hash-case.${op}`,
        class: classFor(op),
        kind: "consistency",
        title: `${op} finds a tx hash in any case, with or without 0x`,
        operationId: op,
        requires: [op],
        run: (ctx) => hashCase(ctx, op),
      }),
    ),
    ...Object.keys(UNKNOWN_404).map(
      (op): Check => ({
        id: `lookup.unknown.${op}`,
        class: classFor(op),
        kind: "negative",
        title: `${op} answers a fresh, well-formed id with a 404 envelope`,
        operationId: op,
        requires: [op],
        run: (ctx) => unknown404(ctx, contract, op),
      }),
    ),
    ...Object.keys(UNKNOWN_EMPTY).map(
      (op): Check => ({
        id: `lookup.unknown-empty.${op}`,
        class: classFor(op),
        kind: "negative",
        title: `${op} answers a fresh, well-formed id with an empty page (not 404)`,
        operationId: op,
        requires: [op],
        run: (ctx) => unknownEmpty(ctx, op),
      }),
    ),
    {
      id: "lookup.by-name-case",
      class: "nft",
      kind: "consistency",
      title: "/collections/by_name matches the name case-insensitively",
      operationId: "listNftCollectionsByName",
      requires: ["listNftCollectionsByName"],
      run: byNameCase,
    },
  ];
}
