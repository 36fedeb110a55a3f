/**
 * The registry file: the chains, assets and connections the router routes over, in the shape of
 * Initia's registry (initia-labs/initia-registry chain.json + assetlist.json) flattened into one
 * document. Only native assets are listed; IBC, OPinit and wrapper denoms are derived from the
 * connections (see registry.ts), so a registry cannot disagree with the denom math.
 */

import { CHAIN_KINDS, type ChainKind } from "../../chain/chain-kinds.js";

export { CHAIN_KINDS, type ChainKind };

export interface GasPrice {
  low: string;
  average: string;
  high: string;
}

export interface RegistryAsset {
  /** Denom on this chain: `uinit`, `evm/<hex>`, `move/<hex>`, `0x<hex>` on EVM chains, `<chain>-native`. */
  denom: string;
  symbol: string;
  name: string;
  decimals: number;
  logo_uri?: string | null;
  coingecko_id?: string | null;
  description?: string | null;
  /** The ERC-20 contract of this denom on an EVM-capable chain (minievm, evm). */
  erc20_contract?: string;
  /**
   * On a minievm rollup: this asset is the 18-decimal local token that the chain's ERC20Wrapper makes
   * of the 6-decimal `remote_denom` (an OPinit `l2/...` denom). Its origin is that denom's origin.
   */
  wraps?: { remote_denom: string; remote_decimals: number };
  /** A LayerZero OFT: every asset of the same `group` on another chain is a peer. */
  oft?: {
    group: string;
    /** The OFT (or OFT adapter) contract `send` is called on. */
    contract: string;
    /** Set for an OFT adapter: the ERC-20 it locks, which needs an approval first. */
    token?: string;
    shared_decimals: number;
    /** LayerZero messaging fee per send, paid in the chain's native asset on top of the amount. */
    messaging_fee: { denom: string; amount: string };
  };
}

export interface RegistryChain {
  chain_id: string;
  chain_name: string;
  pretty_name: string;
  chain_type: ChainKind;
  bech32_prefix: string;
  is_testnet: boolean;
  logo_uri?: string | null;
  hidden?: boolean;
  apis: { rpc?: string; rest?: string; json_rpc?: string };
  /** Explorer link of a tx, `{tx_hash}` replaced. Empty: no explorer. */
  explorer_tx_url?: string;
  pfm_enabled: boolean;
  ibc_hooks: boolean;
  fee_assets: { denom: string; gas_price?: GasPrice | null }[];
  evm_fee_asset?: { name: string; symbol: string; decimals: number } | null;
  /**
   * This chain's ends of its IBC channels, like the registry's `ibc_channels`: ICS-20 ones on port
   * `transfer`, ICS-721 (NFT) ones with `version` `ics721-1` on port `nft-transfer` (Move and minievm
   * chains) or `wasm.<ics721 contract>` (miniwasm rollups).
   */
  ibc_channels: { chain_id: string; port_id: string; channel_id: string; version?: string }[];
  /** Seconds an IBC packet from this chain takes to be received and acknowledged. @default 30 */
  ibc_transfer_seconds?: number;
  /** Rollups only: the OPinit bridge to the L1. */
  op_bridge?: {
    bridge_id: string;
    l1_chain_id: string;
    /** L1 denoms the bridge carries (the registry's `metadata.op_denoms`). */
    op_denoms: string[];
    /** The challenge period before a withdrawal can be claimed on the L1. @default 604800 */
    finalization_period_seconds?: number;
    /** Seconds until the executor finalizes a deposit on the rollup. @default 60 */
    deposit_seconds?: number;
  };
  /** minievm rollups: the ERC20Wrapper (6 <-> 18 decimals), and the ERC-20s of derived denoms. */
  erc20_wrapper?: { contract: string; erc20_contracts: Record<string, string> };
  layer_zero?: { endpoint_id: number; delivery_seconds?: number };
  assets: RegistryAsset[];
}

export interface RegistryFile {
  name: string;
  chains: RegistryChain[];
}

/** A registry file that cannot be used, with every problem listed. */
export class RegistryError extends Error {
  constructor(
    readonly source: string,
    readonly problems: string[],
  ) {
    super(`invalid router registry ${source}:\n  - ${problems.join("\n  - ")}`);
    this.name = "RegistryError";
  }
}

/** An ICS-721 (NFT) channel, as the registry marks it: by its version. */
export const isNftChannel = (ch: { version?: string }) => ch.version?.startsWith("ics721") === true;
const NFT_PORT = /^(nft-transfer|wasm\.[a-z0-9]+)$/;
/** Both ends of one channel: ICS-20 on `transfer` both sides; ICS-721 ports may differ (wasm). */
const sameKind = (a: RegistryChain["ibc_channels"][number], b: RegistryChain["ibc_channels"][number]) =>
  isNftChannel(a) || isNftChannel(b) ? isNftChannel(a) && isNftChannel(b) : a.port_id === b.port_id;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Checks the structure and the cross-references of a registry (both ends of every channel, the L1
 * of every bridge, wrapper denoms) and returns it typed.
 * @throws RegistryError listing every problem, so an operator fixes the file in one pass.
 */
export function parseRegistryFile(raw: unknown, source: string): RegistryFile {
  const problems: string[] = [];
  if (!isObject(raw) || !Array.isArray(raw.chains))
    throw new RegistryError(source, ["expected {name, chains: [...]}"]);
  const chains = raw.chains as RegistryChain[];
  const ids = new Set<string>();
  for (const [i, c] of chains.entries()) {
    const at = `chains[${i}]${isObject(c) && typeof c.chain_id === "string" ? ` (${c.chain_id})` : ""}`;
    if (!isObject(c)) {
      problems.push(`${at}: not an object`);
      continue;
    }
    for (const key of ["chain_id", "chain_name", "pretty_name"] as const) {
      if (typeof c[key] !== "string" || c[key] === "")
        problems.push(`${at}.${key}: expected a non-empty string`);
    }
    // EVM chains have no bech32 addresses; every other chain needs its prefix to check addresses.
    if (typeof c.bech32_prefix !== "string" || (c.bech32_prefix === "" && c.chain_type !== "evm")) {
      problems.push(`${at}.bech32_prefix: expected the chain's bech32 account prefix`);
    }
    if (!CHAIN_KINDS.includes(c.chain_type))
      problems.push(`${at}.chain_type: expected one of ${CHAIN_KINDS.join(", ")}`);
    if (ids.has(c.chain_id)) problems.push(`${at}.chain_id: duplicate`);
    ids.add(c.chain_id);
    if (!Array.isArray(c.ibc_channels)) problems.push(`${at}.ibc_channels: expected an array`);
    if (!Array.isArray(c.assets)) problems.push(`${at}.assets: expected an array`);
    if (!Array.isArray(c.fee_assets)) problems.push(`${at}.fee_assets: expected an array`);
    for (const [j, a] of (Array.isArray(c.assets) ? c.assets : []).entries()) {
      if (typeof a?.denom !== "string" || !Number.isInteger(a?.decimals)) {
        problems.push(`${at}.assets[${j}]: expected {denom, symbol, name, decimals}`);
      }
      if (a?.wraps && c.chain_type !== "minievm")
        problems.push(`${at}.assets[${j}].wraps: only minievm rollups wrap`);
      if (a?.wraps && !c.erc20_wrapper)
        problems.push(`${at}.assets[${j}].wraps: the chain has no erc20_wrapper`);
    }
  }
  const byId = new Map(chains.filter(isObject).map((c) => [c.chain_id, c]));
  for (const c of chains.filter(isObject)) {
    for (const ch of Array.isArray(c.ibc_channels) ? c.ibc_channels : []) {
      const other = byId.get(ch.chain_id);
      if (!other) {
        problems.push(`${c.chain_id}: ibc channel ${ch.channel_id} leads to unknown chain ${ch.chain_id}`);
      } else if (isNftChannel(ch) && !NFT_PORT.test(ch.port_id)) {
        problems.push(
          `${c.chain_id}: ics721 channel ${ch.channel_id} must be on port nft-transfer or wasm.<ics721 contract>, not ${ch.port_id}`,
        );
      } else if (!other.ibc_channels?.some((o) => o.chain_id === c.chain_id && sameKind(o, ch))) {
        problems.push(
          `${c.chain_id}: ibc channel ${ch.channel_id} has no counterparty entry on ${ch.chain_id}`,
        );
      }
    }
    if (c.op_bridge) {
      const l1 = byId.get(c.op_bridge.l1_chain_id);
      if (l1?.chain_type !== "initia")
        problems.push(`${c.chain_id}: op_bridge.l1_chain_id must name an initia chain`);
      if (!/^[0-9]+$/.test(c.op_bridge.bridge_id ?? ""))
        problems.push(`${c.chain_id}: op_bridge.bridge_id must be a uint64 string`);
    }
  }
  if (problems.length > 0) throw new RegistryError(source, problems);
  return { name: typeof raw.name === "string" ? raw.name : source, chains };
}
