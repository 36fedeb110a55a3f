/** `POST /v2/fungible/msgs` (spec tag Router): signable txs for a route's echoed operations. */
import { TxBody, TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { badRequest } from "../api/errors.js";
import type { OperationHandlers } from "../api/operation.js";
import { type ChainAddress, parseChainAddress } from "./chain-address.js";
import { buildTxs } from "./msgs/build-txs.js";
import { operationsToHops } from "./msgs/operations-to-hops.js";
import { amountsForIn } from "./route/route-amounts.js";
import { feesJson, routeChainIds } from "./route/route-json.js";
import { resolveAsset } from "./route.js";
import { type RouterDeps, requireRegistry } from "./router-deps.js";

/** Skip's default IBC timeout. */
export const DEFAULT_TIMEOUT_SECONDS = 300;
const DEFAULT_SLIPPAGE = "1";

/** "0.5" percent -> 50 basis points; at most 100 %. */
function slippageBps(raw: string): bigint {
  const [whole = "0", fraction = ""] = raw.split(".");
  const bps = BigInt(whole) * 100n + BigInt(`${fraction}00`.slice(0, 2));
  if (bps > 10_000n)
    throw badRequest("slippage_tolerance_percent must be at most 100", [
      { field: "body.slippage_tolerance_percent", description: "over 100" },
    ]);
  return bps;
}

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

      const amounts = amountsForIn(hops, BigInt(body.amount_in));
      if (!amounts.ok)
        throw badRequest(`invalid amount_in: ${amounts.message}`, [
          { field: "body.amount_in", description: amounts.message },
        ]);

      const chainIds = routeChainIds(hops);
      if (body.address_list.length !== chainIds.length) {
        throw badRequest(
          `address_list must hold ${chainIds.length} addresses, one per required chain (${chainIds.join(", ")}), got ${body.address_list.length}`,
          [{ field: "body.address_list", description: `expected ${chainIds.length} entries` }],
        );
      }
      const addresses: ChainAddress[] = chainIds.map((chainId, i) => {
        const chain = registry.chain(chainId);
        const parsed = chain ? parseChainAddress(chain, body.address_list[i] ?? "") : "unknown chain";
        if (typeof parsed === "string") {
          throw badRequest(`address_list[${i}] is not an address of ${chainId}: ${parsed}`, [
            { field: `body.address_list.${i}`, description: parsed },
          ]);
        }
        return parsed;
      });

      const needsHook = hops.some((h) => h.kind === "op_deposit" && h.wrapTo);
      if (needsHook && !body.signed_op_hook) {
        const chain = hops.find((h) => h.kind === "op_deposit" && h.wrapTo)?.to.chain.chain_id;
        throw badRequest(
          `this route requires signed_op_hook: call POST /op-hook, sign its messages on ${chain} and pass {signer, hook}`,
          [
            {
              field: "body.signed_op_hook",
              description: "required when the route's required_op_hook is true",
            },
          ],
        );
      }
      if (body.signed_op_hook) checkSignedHook(body.signed_op_hook.hook);

      const bps = slippageBps(body.slippage_tolerance_percent ?? DEFAULT_SLIPPAGE);
      const timeoutSeconds = BigInt(body.timeout_seconds ?? DEFAULT_TIMEOUT_SECONDS);
      const { txs, msgs } = buildTxs({
        hops,
        amounts: amounts.hops,
        addresses,
        ...(needsHook && body.signed_op_hook ? { signedOpHook: body.signed_op_hook.hook } : {}),
        timeoutUnixSeconds: BigInt(Math.floor(deps.now() / 1000)) + timeoutSeconds,
        slippageBps: bps,
      });
      return {
        txs,
        msgs,
        min_amount_out: ((amounts.amountOut * (10_000n - bps)) / 10_000n).toString(),
        estimated_fees: feesJson(registry, hops),
      };
    },
  };
}
