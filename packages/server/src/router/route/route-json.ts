/** A found route and its amounts in the Skip `Route` wire shape. */

import type { Fee, Operation, Route, SwapVenue } from "@weft/spec/schemas";
import { assetJson } from "../asset-json.js";
import type { Registry } from "../registry/registry.js";
import { type Hop, hookedDeposit, hopSource, hopTarget, txIndices } from "./hops.js";
import type { HopAmounts } from "./route-amounts.js";

export interface RouteJsonInput {
  registry: Registry;
  hops: Hop[];
  amounts: HopAmounts[];
  amountIn: bigint;
  amountOut: bigint;
  txsRequired: number;
  seconds: number;
  warnings: string[];
}

export function operationJson(hop: Hop, amounts: HopAmounts, txIndex: number): Operation {
  const from = hopSource(hop);
  const to = hop.to;
  const envelope = {
    tx_index: txIndex,
    amount_in: amounts.amountIn.toString(),
    amount_out: amounts.amountOut.toString(),
  };
  switch (hop.kind) {
    case "ibc":
      return {
        transfer: {
          port: "transfer",
          channel: hop.channel,
          from_chain_id: from.chain.chain_id,
          to_chain_id: to.chain.chain_id,
          pfm_enabled: from.chain.pfm_enabled,
          supports_memo: to.chain.chain_type !== "evm",
          denom_in: from.denom,
          denom_out: to.denom,
          dest_denom: to.denom,
          bridge_id: "IBC",
          smart_relay: false,
        },
        ...envelope,
      };
    case "op_deposit":
    case "op_withdraw":
      return {
        op_init_transfer: {
          from_chain_id: from.chain.chain_id,
          to_chain_id: to.chain.chain_id,
          denom_in: from.denom,
          denom_out: to.denom,
          op_init_bridge_id: hop.bridgeId,
          bridge_id: "OPINIT",
          smart_relay: false,
        },
        ...envelope,
      };
    case "layer_zero": {
      const fee = hop.from.oft?.messaging_fee ?? { denom: "", amount: "0" };
      return {
        layer_zero_transfer: {
          from_chain_id: from.chain.chain_id,
          to_chain_id: to.chain.chain_id,
          denom_in: from.denom,
          denom_out: to.denom,
          source_oft_contract_address: hop.from.oft?.contract ?? "",
          destination_endpoint_id: to.chain.layer_zero?.endpoint_id ?? 0,
          messaging_fee_asset: feeAsset(hop, fee.denom),
          messaging_fee_amount: fee.amount,
          messaging_fee_amount_usd: "",
          bridge_id: "LAYER_ZERO",
        },
        ...envelope,
      };
    }
    case "wrap":
      // Skip's evm_swap, the contract-call operation clients know: the wrapper as its venue. The
      // calldata names the receiver, so /msgs builds it; the route carries none.
      return {
        evm_swap: {
          input_token: from.erc20Contract ?? "",
          amount_in: amounts.amountIn.toString(),
          swap_calldata: "",
          amount_out: amounts.amountOut.toString(),
          from_chain_id: from.chain.chain_id,
          denom_in: from.denom,
          denom_out: to.denom,
          swap_venues: [wrapperVenue(from.chain.chain_id)],
        },
        ...envelope,
      };
  }
}

/** The venue name of a minievm ERC20Wrapper conversion (an `evm_swap` operation). */
export const ERC20_WRAPPER_VENUE = "minievm-erc20-wrapper";

/** The ERC20Wrapper of `chainId` as a venue (Skip `SwapVenue`): in `evm_swap` and `GET /v2/fungible/venues`. */
export const wrapperVenue = (chainId: string): SwapVenue => ({
  name: ERC20_WRAPPER_VENUE,
  chain_id: chainId,
  logo_uri: "",
});

/** The native fee asset of a LayerZero send, from the registry when listed there. */
function feeAsset(hop: Hop, denom: string) {
  const node = hop.from.chain.assets.find((a) => a.denom === denom);
  return {
    denom,
    chain_id: hop.from.chain.chain_id,
    origin_denom: denom,
    origin_chain_id: hop.from.chain.chain_id,
    trace: "",
    is_cw20: false,
    is_evm: hop.from.chain.chain_type === "evm",
    is_svm: false,
    symbol: node?.symbol ?? null,
    name: node?.name ?? null,
    decimals: node?.decimals ?? null,
  };
}

export function feesJson(registry: Registry, hops: Hop[]): Fee[] {
  const tx = txIndices(hops);
  return hops.flatMap((hop, i): Fee[] => {
    if (hop.kind !== "layer_zero" || !hop.from.oft) return [];
    const fee = hop.from.oft.messaging_fee;
    const node = registry.asset(hop.from.chain.chain_id, fee.denom);
    return [
      {
        fee_type: "BRIDGE",
        bridge_id: "LAYER_ZERO",
        amount: fee.amount,
        usd_amount: "",
        origin_asset: node ? assetJson(node) : feeAsset(hop, fee.denom),
        chain_id: hop.from.chain.chain_id,
        tx_index: tx[i] ?? 0,
        operation_index: i,
        fee_behavior: "FEE_BEHAVIOR_ADDITIONAL",
      },
    ];
  });
}

/** Chains touched, in order, without repeats of consecutive hops. */
export function routeChainIds(hops: readonly Hop[]): string[] {
  const ids = [hopSource(hops[0] as Hop).chain.chain_id];
  for (const hop of hops) ids.push(hopTarget(hop).chain.chain_id);
  return ids.filter((id, i) => id !== ids[i - 1]);
}

export function routeJson(input: RouteJsonInput): Route {
  const { hops } = input;
  const tx = txIndices(hops);
  const first = hopSource(hops[0] as Hop);
  const last = hopTarget(hops.at(-1) as Hop);
  const chainIds = routeChainIds(hops);
  const hook = hookedDeposit(hops) !== undefined;
  const infos = hops.flatMap((h) =>
    h.kind === "op_withdraw"
      ? [
          `The withdrawal can be claimed on ${h.to.chain.chain_id} after the ${h.from.chain.chain_id} finalization period.`,
        ]
      : h.kind === "op_deposit" && h.wrapTo
        ? [`The deposit arrives as ${h.to.denom} and the signed op hook converts it to ${h.wrapTo.denom}.`]
        : h.kind === "wrap"
          ? [
              `The ERC20Wrapper ${h.contract} on ${h.from.chain.chain_id} converts ${h.from.denom} to ${h.to.denom}.`,
            ]
          : [],
  );
  return {
    source_asset_denom: first.denom,
    source_asset_chain_id: first.chain.chain_id,
    dest_asset_denom: last.denom,
    dest_asset_chain_id: last.chain.chain_id,
    amount_in: input.amountIn.toString(),
    amount_out: input.amountOut.toString(),
    operations: hops.map((h, i) => operationJson(h, input.amounts[i] as HopAmounts, tx[i] ?? 0)),
    chain_ids: chainIds,
    required_chain_addresses: chainIds,
    does_swap: false,
    estimated_amount_out: input.amountOut.toString(),
    swap_venues: [],
    txs_required: input.txsRequired,
    usd_amount_in: "",
    usd_amount_out: "",
    estimated_fees: feesJson(input.registry, hops),
    estimated_route_duration_seconds: input.seconds,
    required_op_hook: hook,
    extra_infos: infos,
    extra_warnings: input.warnings,
  } as Route;
}
