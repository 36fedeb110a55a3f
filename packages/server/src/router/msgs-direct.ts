/**
 * `POST /v2/fungible/msgs_direct` (spec tag Router): `/v2/fungible/route` then `/v2/fungible/msgs` in
 * one call. The route is planned exactly as `/route` plans it and the txs are built exactly as
 * `/msgs` builds them for that route's `amount_in` (shared code, not a copy), so the answer equals
 * the two calls in a row with the same input and clock.
 */
import type { operations } from "@weft/spec/types";
import { badRequest } from "../api/errors.js";
import type { OperationHandlers } from "../api/operation.js";
import { hopAmountsFor, parseAddresses, signableMsgs } from "./msgs/signable-msgs.js";
import { hookedDeposit } from "./route/hops.js";
import { routeChainIds } from "./route/route-json.js";
import { createRegistryRouteMemo } from "./route/route-memo.js";
import { planRoute } from "./route.js";
import { type RouterDeps, requireRegistry } from "./router-deps.js";

type Response = operations["getMsgsDirect"]["responses"][200]["content"]["application/json"];

export function createMsgsDirectHandlers(deps: RouterDeps): OperationHandlers {
  const memoOf = createRegistryRouteMemo();
  return {
    getMsgsDirect: (input) => {
      const registry = requireRegistry(deps);
      const body = input.body;
      const { hops, route } = planRoute(registry, body, memoOf(registry).find);

      // The hook is signed by the recipient over messages /op-hook returns, after the route is known:
      // one request cannot carry it.
      const deposit = hookedDeposit(hops);
      if (deposit) {
        throw badRequest(
          `this route requires a signed op hook on ${deposit.to.chain.chain_id}, which msgs_direct cannot carry: call POST /v2/fungible/route, then POST /op-hook and sign its messages, then POST /v2/fungible/msgs with signed_op_hook`,
          [
            {
              field: "body.dest_asset_denom",
              description: "reached only by an OPinit deposit carrying a signed op hook",
            },
          ],
        );
      }

      const chainIds = routeChainIds(hops);
      const given = body.chain_ids_to_addresses;
      const missing = chainIds.filter((id) => !Object.hasOwn(given, id));
      if (missing.length > 0) {
        throw badRequest(
          `chain_ids_to_addresses has no address for ${missing.join(", ")}, ${missing.length === 1 ? "a chain" : "chains"} the route passes through (${chainIds.join(", ")})`,
          missing.map((id) => ({
            field: "body.chain_ids_to_addresses",
            description: `no address for ${id}`,
          })),
        );
      }
      const addresses = parseAddresses(
        registry,
        chainIds.map((chainId) => ({
          chainId,
          raw: given[chainId] ?? "",
          label: `chain_ids_to_addresses.${chainId}`,
          field: `body.chain_ids_to_addresses.${chainId}`,
        })),
      );

      const msgs = signableMsgs({
        registry,
        hops,
        // As /msgs reads the echoed route: the route's amount_in (computed when amount_out was given).
        amounts: hopAmountsFor(hops, BigInt(route.amount_in)),
        addresses,
        slippagePercent: body.slippage_tolerance_percent,
        timeoutSeconds: body.timeout_seconds,
        nowMs: deps.now(),
      });
      return { ...msgs, route } satisfies Response;
    },
  };
}
