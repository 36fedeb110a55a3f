/**
 * The chains file: every chain one deployment indexes (`weft ingest --chains FILE`, `CHAINS_FILE`;
 * docs/design/many-chains.md, "Ingest: many chains in one process"). Two shapes, told apart by
 * their keys, so an operator hands over a file that already exists rather than writing a new one:
 * - the router registry, `{"chains": [...]}` (router/registry/registry-file.ts). Only what
 *   ingestion needs is read (`chain_id`, `chain_type`, `bech32_prefix`, `apis.{rpc,rest,json_rpc}`):
 *   a file written to index chains need not list the assets and channels the router needs, and a
 *   registry the router takes is taken here too;
 * - Initia registry chain.json objects (initia-labs/initia-registry `chain.schema.json`), one or an
 *   array: endpoints are `apis.<kind>[0].address`, the VM `metadata.minitia.type`, and the L1
 *   (`metadata.is_l1`) runs Move. Real ones are kept in fixtures/initia-registry.
 * A chain id becomes the URL path `/{chain_id}` of the chain's Indexer API, hence its checks.
 */
import { readFileSync } from "node:fs";
import { CHAIN_KINDS, type ChainKind, type ChainVm, vmOfChainKind } from "./chain-kinds.js";

export type { ChainVm } from "./chain-kinds.js";

/** One chain to index: everything `weft ingest` needs for it. */
export interface ChainEntry {
  chainId: string;
  vmType: ChainVm;
  bech32Prefix: string;
  /** CometBFT RPC. */
  rpcUrl: string;
  /** Cosmos REST (LCD). */
  restUrl: string;
  /** EVM JSON-RPC: set exactly when `vmType` is `evm` (receipts and call traces are read there). */
  jsonRpcUrl?: string;
}

export interface ChainsFile {
  chains: ChainEntry[];
  /** Chains present in the file but not indexed, with why (a `cosmos`/`evm` chain of the router registry, ...). */
  skipped: { chainId: string; reason: string }[];
}

/** A chains file that cannot be used. Its message is the one line the CLI prints: file, chain, field, fix. */
export class ChainsFileError extends Error {
  override name = "ChainsFileError";
}

/** The API's root path segments: a chain served at `/{chain_id}` must not shadow one. */
export const RESERVED_CHAIN_IDS = [
  "v2",
  "indexer",
  "status",
  "health",
  "ready",
  "metrics",
  "docs",
  "swagger",
  "api",
] as const;

/** Lower-case words joined by dashes, as Initia's ids are: a path segment that needs no percent-encoding. */
const CHAIN_ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;
/** What config.ts accepts as RPC_URL, REST_URL and JSON_RPC_URL. */
const HTTP_URL = /^https?:\/\/[^\s]+$/;
const MINITIA_TYPES: readonly ChainKind[] = ["minimove", "minievm", "miniwasm"];
const INDEXED = "initia, minimove, minievm or miniwasm";
const ALONE = "index it in a deployment of its own (RPC_URL, no chains file)";

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** One entry as its shape reads it, before the checks both shapes share. */
interface Described {
  /** Its place in the file (`chains[2]`), for a duplicate's message. */
  at: string;
  chainId: string;
  vm: ChainVm | { skipped: string };
  bech32Prefix: unknown;
  rpc: unknown;
  rest: unknown;
  jsonRpc: unknown;
  /** The fields' names in this shape, for messages. */
  fields: { rpc: string; rest: string; jsonRpc: string };
}

type Refuse = (subject: string, text: string) => never;

/**
 * Parses a chains file's JSON text. `source` names the file in messages.
 * @throws ChainsFileError on the first problem found.
 */
export function parseChainsFile(text: string, source: string): ChainsFile {
  const refuse: Refuse = (subject, problem) => {
    throw new ChainsFileError(`chains file ${source}: ${subject ? `${subject}: ` : ""}${problem}`);
  };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    refuse("", `not JSON (${(err as Error).message}); give a router registry or Initia chain.json objects`);
  }
  let described: Described[];
  if (isObject(raw) && Array.isArray(raw.chains)) described = raw.chains.map(routerChain(refuse));
  else if (Array.isArray(raw)) described = raw.map(registryChain(refuse));
  else if (isObject(raw) && "chain_id" in raw) described = [registryChain(refuse)(raw, undefined)];
  else
    return refuse(
      "",
      'neither a router registry ({"chains": [...]}) nor Initia registry chain.json (an object with ' +
        "chain_id, or an array of them); give one of the two (docs/design/many-chains.md)",
    );

  const seen = new Map<string, string>();
  for (const d of described) {
    const first = seen.get(d.chainId);
    if (first !== undefined)
      refuse(`chain ${d.chainId}`, `chain_id appears twice (${first} and ${d.at}); keep one entry per chain`);
    seen.set(d.chainId, d.at);
  }
  const chains: ChainEntry[] = [];
  const skipped: ChainsFile["skipped"] = [];
  for (const d of described) {
    if (typeof d.vm === "string") chains.push(toEntry(d, d.vm, refuse));
    else skipped.push({ chainId: d.chainId, reason: d.vm.skipped });
  }
  if (chains.length === 0) {
    const why = skipped.map((s) => `${s.chainId}: ${s.reason}`).join("; ");
    refuse("", `no chain to index${why ? ` (${why})` : ""}; list a Move, EVM or Wasm chain of Initia`);
  }
  return { chains, skipped };
}

/** Reads and parses a chains file. @throws ChainsFileError, also when it cannot be read. */
export function readChainsFile(path: string): ChainsFile {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (err) {
    throw new ChainsFileError(
      `chains file ${path}: cannot be read (${(err as Error).message}); check the path given as --chains or CHAINS_FILE`,
    );
  }
  return parseChainsFile(text, path);
}

/** The checks both shapes share, on an entry that is indexed. */
function toEntry(d: Described, vmType: ChainVm, refuse: Refuse): ChainEntry {
  const subject = `chain ${d.chainId}`;
  if (!CHAIN_ID.test(d.chainId))
    refuse(
      subject,
      `chain_id must be lower-case letters and digits in words joined by "-" (it becomes the URL path /{chain_id}); ${ALONE}`,
    );
  if ((RESERVED_CHAIN_IDS as readonly string[]).includes(d.chainId))
    refuse(subject, `chain_id ${d.chainId} is a path of the API's root (/${d.chainId}); ${ALONE}`);
  if (typeof d.bech32Prefix !== "string" || d.bech32Prefix === "")
    refuse(subject, "bech32_prefix is missing; set it to the chain's bech32 account prefix (e.g. init)");
  const url = (value: unknown, field: string, what: string): string => {
    if (value === undefined || value === null || value === "")
      refuse(subject, `${field} is missing; set it to ${what}`);
    if (typeof value !== "string" || !HTTP_URL.test(value))
      refuse(
        subject,
        `${field} ${JSON.stringify(value)} is not an http:// or https:// URL; set it to ${what}`,
      );
    return value as string;
  };
  const entry: ChainEntry = {
    chainId: d.chainId,
    vmType,
    bech32Prefix: d.bech32Prefix as string,
    rpcUrl: url(d.rpc, d.fields.rpc, "the chain's CometBFT RPC URL"),
    restUrl: url(d.rest, d.fields.rest, "the chain's Cosmos REST (LCD) URL"),
  };
  // Receipts, logs and call traces of an EVM chain come from JSON-RPC alone; other VMs have none.
  if (vmType === "evm")
    entry.jsonRpcUrl = url(
      d.jsonRpc,
      d.fields.jsonRpc,
      "the node's EVM JSON-RPC URL (an evm chain needs it)",
    );
  return entry;
}

/** The chain id, or a refusal naming the entry by its place. */
function chainIdOf(c: unknown, at: string, refuse: Refuse): Record<string, unknown> & { chain_id: string } {
  if (!isObject(c)) return refuse(at, "not an object; each entry describes one chain");
  if (typeof c.chain_id !== "string" || c.chain_id === "")
    return refuse(at, "chain_id is missing; set it to the chain's id (e.g. interwoven-1)");
  return c as Record<string, unknown> & { chain_id: string };
}

/** An entry of the router registry's `chains`. */
const routerChain =
  (refuse: Refuse) =>
  (raw: unknown, i: number): Described => {
    const at = `chains[${i}]`;
    const c = chainIdOf(raw, at, refuse);
    const kind = c.chain_type as ChainKind;
    if (!CHAIN_KINDS.includes(kind))
      refuse(
        `chain ${c.chain_id}`,
        `chain_type ${JSON.stringify(c.chain_type)} is not one of ${CHAIN_KINDS.join(", ")}; set it to ${INDEXED} to index the chain`,
      );
    const vm = vmOfChainKind(kind);
    const apis = isObject(c.apis) ? c.apis : {};
    return {
      at,
      chainId: c.chain_id,
      vm:
        vm ??
        (kind === "evm"
          ? { skipped: "chain_type evm: an EVM chain without a CometBFT node, which Weft does not index" }
          : {
              skipped: `chain_type ${kind}: runs none of Initia's VMs (move, evm, wasm), which Weft indexes`,
            }),
      bech32Prefix: c.bech32_prefix,
      rpc: apis.rpc,
      rest: apis.rest,
      jsonRpc: apis.json_rpc,
      fields: { rpc: "apis.rpc", rest: "apis.rest", jsonRpc: "apis.json_rpc" },
    };
  };

/** An Initia registry chain.json, alone (`i` undefined) or in an array. */
const registryChain =
  (refuse: Refuse) =>
  (raw: unknown, i: number | undefined): Described => {
    const at = i === undefined ? "the chain.json" : `[${i}]`;
    const c = chainIdOf(raw, at, refuse);
    const metadata = isObject(c.metadata) ? c.metadata : {};
    const type = isObject(metadata.minitia) ? metadata.minitia.type : undefined;
    let vm: Described["vm"];
    if (metadata.is_l1 === true) vm = "move";
    else if (MINITIA_TYPES.includes(type as ChainKind)) vm = vmOfChainKind(type as ChainKind) as ChainVm;
    else if (type === "custom")
      vm = { skipped: "metadata.minitia.type custom: a custom minitia, whose VM Weft does not know" };
    else
      return refuse(
        `chain ${c.chain_id}`,
        `metadata.minitia.type ${type === undefined ? "is missing" : `${JSON.stringify(type)} is unknown`} and ` +
          "metadata.is_l1 is not true; set metadata.minitia.type to minimove, minievm or miniwasm (metadata.is_l1: true for the L1)",
      );
    const apis = isObject(c.apis) ? c.apis : {};
    const first = (kind: string) => {
      const list = apis[kind];
      return Array.isArray(list) && isObject(list[0]) ? list[0].address : undefined;
    };
    return {
      at,
      chainId: c.chain_id,
      vm,
      bech32Prefix: c.bech32_prefix,
      rpc: first("rpc"),
      rest: first("rest"),
      // `evm-http-jsonrpc` is the name the registry used before it became `json-rpc` (2024-11, d352b37).
      jsonRpc: first("json-rpc") ?? first("evm-http-jsonrpc"),
      fields: {
        rpc: "apis.rpc[0].address",
        rest: "apis.rest[0].address",
        jsonRpc: 'apis["json-rpc"][0].address',
      },
    };
  };
