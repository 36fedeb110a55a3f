/** `POST /v2/fungible/msgs` (spec tag Router): signable txs for a route's echoed operations. */
import { TxBody, TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { badRequest } from "../api/errors.js";
import type { OperationHandlers } from "../api/operation.js";
import { operationsToHops } from "./msgs/operations-to-hops.js";
import { hopAmountsFor, parseAddresses, signableMsgs } from "./msgs/signable-msgs.js";
import { hookedDeposit } from "./route/hops.js";
import { routeChainIds } from "./route/route-json.js";
import { resolveAsset } from "./route.js";
import { type RouterDeps, requireRegistry } from "./router-deps.js";

/** A signed op-hook must be a protobuf TxRaw whose body holds at least one message. */
function checkSignedHook(hook: string): void {
  try {
    const raw = TxRaw.decode(Buffer.from(hook, "base64"));
    if (TxBody.decode(raw.bodyBytes).messages.length > 0 && raw.signatures.length > 0) return;
  } catch {
    // Reported below.
  }
  throw badRequest(
    "signed_op_hook.hook is not a signed Cosmos tx: sign the /op-hook messages as one tx and pass base64(TxRaw)",
    [{ field: "body.signed_op_hook.hook", description: "not base64 of a signed TxRaw with messages" }],
  );
}

export function createMsgsHandlers(deps: RouterDeps): OperationHandlers {
  return {
    getMsgs: (input) => {
      const registry = requireRegistry(deps);
      const body = input.body;
      const source = resolveAsset(registry, "source", body.source_asset_chain_id, body.source_asset_denom);
      const destination = resolveAsset(registry, "dest", body.dest_asset_chain_id, body.dest_asset_denom);
      const read = operationsToHops(registry, body.operations, source, destination);
      if (!read.ok) throw badRequest(read.message, [{ field: read.field, description: read.message }]);
      const { hops } = read;
      const amounts = hopAmountsFor(hops, BigInt(body.amount_in));

      const chainIds = routeChainIds(hops);
      if (body.address_list.length !== chainIds.length) {
        throw badRequest(
          `address_list must hold ${chainIds.length} addresses, one per required chain (${chainIds.join(", ")}), got ${body.address_list.length}`,
          [{ field: "body.address_list", description: `expected ${chainIds.length} entries` }],
        );
      }
      const addresses = parseAddresses(
        registry,
        chainIds.map((chainId, i) => ({
          chainId,
          raw: body.address_list[i] ?? "",
          label: `address_list[${i}]`,
          field: `body.address_list.${i}`,
        })),
      );

      const deposit = hookedDeposit(hops);
      if (deposit && !body.signed_op_hook) {
        throw badRequest(
          `this route requires signed_op_hook: call POST /op-hook, sign its messages on ${deposit.to.chain.chain_id} and pass {signer, hook}`,
          [
            {
              field: "body.signed_op_hook",
              description: "required when the route's required_op_hook is true",
            },
          ],
        );
      }
      if (body.signed_op_hook) checkSignedHook(body.signed_op_hook.hook);

      return signableMsgs({
        registry,
        hops,
        amounts,
        addresses,
        signedOpHook: deposit ? body.signed_op_hook?.hook : undefined,
        slippagePercent: body.slippage_tolerance_percent,
        timeoutSeconds: body.timeout_seconds,
        nowMs: deps.now(),
      });
    },
  };
}
