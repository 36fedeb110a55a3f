/**
 * What a check is and what it gets to work with. A check returns its outcome as a value (pass, fail
 * or skip, always with a reason for the latter two); only a bug in the suite itself throws.
 */
import type { Contract, ContractOperation } from "./contract.js";
import type { Discovery } from "./discovery.js";
import type { Exchange, Probe } from "./http-probe.js";
import type { ResponseValidator } from "./response-validator.js";
import type { CheckKind, FeatureClass, Outcome, Profile } from "./types.js";

export interface CheckContext {
  probe: Probe;
  /** Present only when a router URL was given. */
  routerProbe?: Probe;
  contract: Contract;
  validator: ResponseValidator;
  profile: Profile;
  discovery: Discovery;
  /** operationId -> why it cannot be checked (answers 501, EVM routes absent, ...). Filled by contract checks. */
  unavailable: Map<string, string>;
}

export interface Check {
  id: string;
  class: FeatureClass;
  kind: CheckKind;
  title: string;
  operationId?: string;
  /** Operations this check exercises; if one is unavailable the check is skipped with its reason. */
  requires?: string[];
  run(ctx: CheckContext): Promise<Outcome>;
}

export const pass = (note?: string): Outcome => (note ? { status: "pass", note } : { status: "pass" });
export const fail = (reason: string): Outcome => ({ status: "fail", reason });
export const skip = (reason: string): Outcome => ({ status: "skip", reason });

/** Feature class of an operation, by its first tag. */
const CLASS_BY_TAG: Record<string, FeatureClass> = {
  Status: "blocks",
  Block: "blocks",
  // Service endpoints (health, readiness, metrics, the document) travel with the core class.
  Operations: "blocks",
  Tx: "txs",
  "EVM Tx": "evm",
  "EVM Internal Tx": "evm",
  NFT: "nft",
  "Rich List": "richlist",
};

export function classOf(op: ContractOperation): FeatureClass {
  if (op.path.startsWith("/v2/") || op.tag.startsWith("Router")) return "router";
  return CLASS_BY_TAG[op.tag] ?? "blocks";
}

/** `message` of a JSON error body, else the start of the text. */
export function errorMessage(res: Exchange): string {
  const body = res.json as { message?: unknown } | undefined;
  if (body && typeof body.message === "string") return body.message;
  return res.error ?? res.text.slice(0, 200);
}

/** A one-line description of an unexpected response. */
export function describe(res: Exchange): string {
  if (res.status === 0) return `no response (${res.error ?? "network error"})`;
  return `${res.status} ${res.mediaType || "(no content-type)"}: ${res.text.slice(0, 160)}`;
}

/** Router operations go to the router URL; undefined when none was given. */
export function probeFor(ctx: CheckContext, op: ContractOperation): Probe | undefined {
  return classOf(op) === "router" ? ctx.routerProbe : ctx.probe;
}

export const NO_ROUTER_URL = "no router URL given (--router-url)";
