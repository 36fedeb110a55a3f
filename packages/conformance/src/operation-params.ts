/**
 * Concrete requests for an operation: path parameters from the discovery, or syntactically valid
 * placeholders when the deployment had no such data (then a documented 404 or an empty page is a
 * conforming answer, not a failure).
 */
import type { ContractOperation } from "./contract.js";
import type { Discovery } from "./discovery.js";

export interface FilledPath {
  path: string;
  /** Parameters that got a placeholder because discovery found no real value. */
  placeholders: string[];
}

/** Placeholders by parameter name: well-formed, very unlikely to exist. */
const PLACEHOLDERS: Record<string, string> = {
  height: "1",
  account: "0x0000000000000000000000000000000000000001",
  tx_hash: "0".repeat(64),
  collection_addr: "0x1",
  token_id: "1",
  name: "conformance",
  denom: "uconformance",
};

const isEvm = (op: ContractOperation) => op.tag.startsWith("EVM");

function discovered(op: ContractOperation, name: string, d: Discovery): string | undefined {
  switch (name) {
    case "height":
      return isEvm(op) ? d.evm?.height : d.txBlock?.height;
    case "account":
      return isEvm(op) ? d.evm?.account : (d.signer ?? d.accounts[0]);
    case "tx_hash":
      return isEvm(op) ? d.evm?.txHash : d.tx?.txhash;
    case "collection_addr":
      return d.nft?.collectionAddr;
    case "token_id":
      return d.nft?.tokenId;
    case "name":
      return d.nft?.collectionName || undefined;
    case "denom":
      return d.denom;
    default:
      return undefined;
  }
}

/** Substitutes `{name}` segments, percent-encoding each value. */
export function substitute(template: string, values: Record<string, string>): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? ""));
}

/** The operation's path with every path parameter filled. */
export function fillPath(
  op: ContractOperation,
  d: Discovery,
  overrides: Record<string, string> = {},
): FilledPath {
  const values: Record<string, string> = {};
  const placeholders: string[] = [];
  for (const p of op.parameters.filter((p) => p.in === "path")) {
    const value = overrides[p.name] ?? discovered(op, p.name, d);
    if (value === undefined) placeholders.push(p.name);
    values[p.name] = value ?? PLACEHOLDERS[p.name] ?? "1";
  }
  return { path: substitute(op.path, values), placeholders };
}

/** Whether the operation takes the shared pagination parameters. */
export const isPaginated = (op: ContractOperation): boolean =>
  op.parameters.some((p) => p.name === "pagination.limit");
