/**
 * `POST /v2/info/balances` (spec tag Router Info): wallet balances read from each chain's node, in
 * Skip's shape. Failed reads are values inside the 200 (balances/node-balances.ts); only a request
 * that names an unknown chain or a foreign address is a 400.
 */
import type { operations } from "@weft/spec/types";
import { badRequest } from "../api/errors.js";
import type { OperationHandlers } from "../api/operation.js";
import { formatAmount } from "./balances/format-amount.js";
import { type BalanceResult, createBalanceReader, type DenomRead } from "./balances/node-balances.js";
import { parseChainAddress } from "./chain-address.js";
import type { Registry } from "./registry/registry.js";
import type { RegistryChain } from "./registry/registry-file.js";
import { type RouterDeps, requireRegistry } from "./router-deps.js";

type BalancesResponse = operations["getBalances"]["responses"][200]["content"]["application/json"];
type ChainEntry = BalancesResponse["chains"][string];

const ERC20_DENOM = /^0x[0-9a-fA-F]{40}$/;

/** How `denom` is read on `chain`: the bank on Cosmos-typed chains; native or ERC-20 on EVM chains. */
function denomRead(registry: Registry, chain: RegistryChain, denom: string): DenomRead {
  if (chain.chain_type !== "evm") return { denom, via: "bank" };
  if (ERC20_DENOM.test(denom)) return { denom, via: "erc20", contract: denom };
  const node = registry.asset(chain.chain_id, denom);
  if (node?.erc20Contract) return { denom, via: "erc20", contract: node.erc20Contract };
  if (node) return { denom, via: "native" };
  return {
    denom,
    via: "none",
    error: `${denom} is not an asset of ${chain.chain_id}: EVM chains read their native asset and 0x ERC-20 contracts (GET /v2/fungible/assets?chain_ids=${chain.chain_id} lists them)`,
  };
}

function entryOf(result: BalanceResult, decimals: number | undefined): ChainEntry["denoms"][string] {
  const amount = "amount" in result ? result.amount : 0n;
  return {
    amount: amount.toString(),
    formatted_amount: formatAmount(amount, decimals),
    ...(decimals === undefined ? {} : { decimals }),
    ...("error" in result ? { error: { message: result.error } } : {}),
  };
}

export function createBalancesHandlers(deps: RouterDeps): OperationHandlers {
  return {
    getBalances: async (input) => {
      const registry = requireRegistry(deps);
      const { chains } = input.body;
      const unknown = Object.keys(chains).filter((id) => !registry.chain(id));
      if (unknown.length > 0) {
        throw badRequest(
          `Invalid chain_id: ${unknown.join(", ")} ${unknown.length === 1 ? "is" : "are"} not in the registry (GET /v2/info/chains lists them)`,
          unknown.map((id) => ({ field: "body.chains", description: `unknown chain id ${id}` })),
        );
      }
      const plans = Object.entries(chains).map(([chainId, wanted]) => {
        const chain = registry.chain(chainId) as RegistryChain;
        const address = parseChainAddress(chain, wanted.address);
        if (typeof address === "string") {
          throw badRequest(`Invalid address for ${chainId}: ${address}`, [
            { field: `body.chains.${chainId}.address`, description: address },
          ]);
        }
        const denoms =
          wanted.denoms && wanted.denoms.length > 0
            ? [...new Set(wanted.denoms)]
            : registry
                .assets()
                .filter((a) => a.chain === chain)
                .map((a) => a.denom);
        return { chainId, chain, requested: wanted.address, address, denoms };
      });
      // One reader per request: its in-flight bound is this request's, its deadline each chain's.
      const reader = createBalanceReader({ fetch: deps.fetch, timeoutMs: deps.balanceTimeoutMs });
      const read = await Promise.all(
        plans.map((p) =>
          reader.read({
            chain: p.chain,
            address: p.address,
            denoms: p.denoms.map((d) => denomRead(registry, p.chain, d)),
          }),
        ),
      );
      const out: BalancesResponse["chains"] = {};
      plans.forEach((p, i) => {
        const balances = read[i];
        const denoms: ChainEntry["denoms"] = {};
        for (const denom of p.denoms) {
          const result = balances?.denoms.get(denom) ?? { error: "not read" };
          denoms[denom] = entryOf(result, registry.asset(p.chainId, denom)?.meta.decimals);
        }
        out[p.chainId] = {
          address: p.requested,
          denoms,
          ...(balances?.error ? { error: { message: balances.error } } : {}),
        };
      });
      return { chains: out } satisfies BalancesResponse;
    },
  };
}
