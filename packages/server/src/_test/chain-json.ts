/**
 * An Initia registry chain.json of a Move rollup whose node serves RPC and REST on one URL (the
 * tests' payload nodes), trimmed to what a chains file needs (chain/chains-file.ts).
 */
export function moveChainJson(chainId: string, url: string) {
  return {
    chain_id: chainId,
    bech32_prefix: "init",
    apis: { rpc: [{ address: url }], rest: [{ address: url }] },
    metadata: { minitia: { type: "minimove" } },
  };
}
