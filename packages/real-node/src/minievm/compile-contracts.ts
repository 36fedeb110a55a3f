/**
 * The tier's Solidity contracts (packages/real-node/contracts/*.sol), compiled when a test runs with
 * solc-js from npm (pinned in the catalog), so no bytecode is committed and the sources are the only
 * truth. EVM version `paris`: no PUSH0/MCOPY, which any minievm release executes.
 */
import { readdirSync, readFileSync } from "node:fs";
import solc from "solc";
import type { Abi, Hex } from "viem";

/** packages/real-node/contracts, from src/minievm or dist/minievm alike. */
const CONTRACTS_DIR = new URL("../../contracts/", import.meta.url);

export interface CompiledContract {
  abi: Abi;
  bytecode: Hex;
}

interface SolcOutput {
  errors?: { severity: string; formattedMessage: string }[];
  contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
}

/** Every contract of every source, by contract name; throws on any compiler error. */
export function compileContracts(): Record<string, CompiledContract> {
  const sources: Record<string, { content: string }> = {};
  for (const file of readdirSync(CONTRACTS_DIR).filter((f) => f.endsWith(".sol"))) {
    sources[file] = { content: readFileSync(new URL(file, CONTRACTS_DIR), "utf8") };
  }
  const input = {
    language: "Solidity",
    sources,
    settings: {
      evmVersion: "paris",
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { "*": { "*": ["abi", "evm.bytecode.object"] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === "error");
  if (errors.length > 0) throw new Error(`solc: ${errors.map((e) => e.formattedMessage).join("\n")}`);
  const compiled: Record<string, CompiledContract> = {};
  for (const contracts of Object.values(output.contracts)) {
    for (const [name, c] of Object.entries(contracts)) {
      compiled[name] = { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` };
    }
  }
  return compiled;
}
