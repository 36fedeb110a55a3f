import { describe, expect, it } from "vitest";
import { type ChainInfo, txKindProblem } from "./router.js";

const chains: ChainInfo[] = [
  { chain_id: "rollup-1", bech32_prefix: "init", chain_type: "cosmos" },
  { chain_id: "1", bech32_prefix: "", chain_type: "evm" },
];

describe("txs on a cosmos-typed chain are cosmos_tx", () => {
  it("refuses an evm_tx on a cosmos-typed chain (a minievm rollup as /v2/info/chains lists it)", () => {
    expect(
      txKindProblem(chains, [
        { cosmos_tx: { chain_id: "1" }, operations_indices: [0] },
        { evm_tx: { chain_id: "rollup-1" }, operations_indices: [1] },
      ]),
    ).toBe("txs[1] is on rollup-1, a cosmos-typed chain, but is not a cosmos_tx");
  });

  it("accepts cosmos_tx on cosmos chains and evm_tx on evm chains", () => {
    expect(
      txKindProblem(chains, [
        { cosmos_tx: { chain_id: "rollup-1" }, operations_indices: [0] },
        { evm_tx: { chain_id: "1" }, operations_indices: [1] },
      ]),
    ).toBeUndefined();
  });
});
