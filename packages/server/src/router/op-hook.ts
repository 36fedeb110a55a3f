/**
 * `POST /op-hook` (spec tag Router): the messages the recipient signs on a minievm rollup so an OPinit
 * deposit finishes as the wrapper's 18-decimal ERC-20. They are amount-free (the request carries no
 * amount): approve the wrapper for the deposited coin, then ERC20Wrapper.toLocal, which converts
 * min(allowance, balance) of it for the recipient.
 */
import { badRequest } from "../api/errors.js";
import type { OperationHandlers } from "../api/operation.js";
import { parseChainAddress } from "./chain-address.js";
import { msgCall } from "./msgs/cosmos-msgs.js";
import { approveCalldata, toLocalCalldata } from "./msgs/evm-calls.js";
import { findRoute } from "./route/find-route.js";
import { hookedDeposit } from "./route/hops.js";
import { resolveAsset, routeOrNotFound } from "./route.js";
import { type RouterDeps, requireRegistry } from "./router-deps.js";

export function createOpHookHandlers(deps: RouterDeps): OperationHandlers {
  return {
    getOpHook: (input) => {
      const registry = requireRegistry(deps);
      const body = input.body;
      const source = resolveAsset(registry, "source", body.source_asset_chain_id, body.source_asset_denom);
      const destination = resolveAsset(registry, "dest", body.dest_asset_chain_id, body.dest_asset_denom);
      const found = routeOrNotFound(registry, { source, destination, allowMultiTx: true });
      // The request has no is_op_withdraw: a pair whose plain route needs no hook may still need one on
      // its is_op_withdraw route (out to L1 over OPinit and back, the deposit converting). The hook
      // depends only on the deposit's destination asset, the same on either route.
      const deposit =
        hookedDeposit(found.hops) ??
        hookedDeposit(
          findRoute(registry, { source, destination, allowMultiTx: true, opWithdraw: true })?.hops ?? [],
        );
      if (!deposit) {
        throw badRequest(
          `no op hook is needed from ${source.denom} on ${source.chain.chain_id} to ${destination.denom} on ${destination.chain.chain_id}: the route's required_op_hook is false`,
        );
      }
      for (const [field, chain, raw] of [
        ["source_address", source.chain, body.source_address],
        ["dest_address", deposit.to.chain, body.dest_address],
      ] as const) {
        const parsed = parseChainAddress(chain, raw);
        if (typeof parsed === "string") {
          throw badRequest(`invalid ${field}: ${parsed}`, [
            { field: `body.${field}`, description: `not an address of ${chain.chain_id}` },
          ]);
        }
      }
      const recipient = parseChainAddress(deposit.to.chain, body.dest_address);
      const wrapper = deposit.to.chain.erc20_wrapper;
      const remoteToken = deposit.to.erc20Contract;
      if (typeof recipient === "string" || !wrapper || !remoteToken) {
        throw badRequest(
          `the registry has no ERC20Wrapper or ERC-20 contract for ${deposit.to.denom} on ${deposit.to.chain.chain_id}`,
        );
      }
      return {
        chain_id: deposit.to.chain.chain_id,
        hook: [
          msgCall({
            sender: recipient.bech32,
            contract: remoteToken,
            calldata: approveCalldata(wrapper.contract as `0x${string}`),
          }),
          msgCall({
            sender: recipient.bech32,
            contract: wrapper.contract,
            calldata: toLocalCalldata(recipient.hex, deposit.to.denom, deposit.to.meta.decimals),
          }),
        ],
      };
    },
  };
}
