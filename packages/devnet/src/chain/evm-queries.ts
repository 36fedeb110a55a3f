/**
 * The seeded chain's answers about its EVM side (EVM chains; undefined elsewhere): `eth_call` of
 * its contracts and minievm's `contracts/by_denom`.
 */
import type { BankState } from "./bank-state.js";
import { FEE_DENOM } from "./chain-bank.js";
import { bech32Of, type ChainSetup } from "./chain-setup.js";
import { erc721Call } from "./evm-scenarios.js";
import { EVM_FEE_DENOM } from "./msgs/evm-call.js";

/** `Chain.evmCall`: the ERC-721's calls, and the fee denom's ERC-20 `balanceOf` from the bank. */
export function evmCall(
  setup: ChainSetup,
  bank: BankState,
  to: string,
  data: string,
  height: number | undefined,
): string | undefined {
  const { vm, contracts } = setup;
  if (vm !== "evm") return undefined;
  const holder = balanceOfArgument(contracts.token, to, data);
  if (holder === undefined) return erc721Call(contracts.nft, setup.seed, to, data);
  if (height === undefined) return undefined;
  const amount = bank.balances(height).get(bech32Of(holder, setup.prefix)) ?? 0n;
  return `0x${amount.toString(16).padStart(64, "0")}`;
}

/** `Chain.contractByDenom`: the lower-case 0x ERC-20 behind a Cosmos denom, as minievm maps it. */
export function contractByDenom(setup: ChainSetup, denom: string): string | undefined {
  if (setup.vm !== "evm") return undefined;
  if (denom === FEE_DENOM) return setup.contracts.token;
  // The EVM txs' fee denom: on minievm every bank denom is an ERC-20, this one too. The devnet's
  // fees move no balance, so its rich list is empty, but an indexer asking finds the contract
  // instead of a not-found that a real chain would never give for a denom its txs pay in.
  if (denom === EVM_FEE_DENOM) return setup.gasToken;
  const hex = /^evm\/([0-9a-fA-F]{40})$/.exec(denom);
  return hex ? `0x${(hex[1] as string).toLowerCase()}` : undefined;
}

/** The holder of an ERC-20 `balanceOf(address)` (0x70a08231) call to `token`, as 0x hex; else undefined. */
function balanceOfArgument(token: string, to: string, data: string): string | undefined {
  const input = data.toLowerCase().replace(/^0x/, "");
  if (to.toLowerCase() !== token || !input.startsWith("70a08231") || input.length !== 8 + 64)
    return undefined;
  return `0x${input.slice(8 + 24)}`;
}
