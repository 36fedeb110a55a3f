/**
 * A fresh node home with a valid single-validator genesis, made with the node's own CLI exactly as an
 * operator would (init, keys, genesis accounts, genesis validator), plus the one fix real rollups need.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { bech32 } from "bech32";
import type { NodeCli } from "./node-cli.js";
import type { TestAccount } from "./test-accounts.js";

export interface NodeAccount extends TestAccount {
  /** bech32 `init1...` address. */
  address: string;
  /** The 20 address bytes as 0x-hex, lower case (on minievm, the account's EVM address). */
  hex: string;
}

export interface PrepareHomeOptions {
  cli: NodeCli;
  home: string;
  chainId: string;
  /** Fee and genesis denom: `GAS` on minievm, `umin` on minimove. */
  denom: string;
  /** Genesis balance of every account, in `denom` base units (minimove: at most u64). */
  balance: string;
  /** The first one becomes the validator, opchild admin and bridge executor. */
  accounts: readonly TestAccount[];
}

/** 0x-hex of a bech32 address's bytes. */
export function bech32ToHex(address: string): string {
  return `0x${Buffer.from(bech32.fromWords(bech32.decode(address).words)).toString("hex")}`;
}

/** bech32 of raw address bytes given as hex (with or without 0x). */
export function hexToBech32(prefix: string, hex: string): string {
  return bech32.encode(prefix, bech32.toWords(Buffer.from(hex.replace(/^0x/i, ""), "hex")));
}

/**
 * `add-genesis-validator` gives the opchild validator the account's operator address, but a rollup made
 * by `minitiad launch` (every real one) has the consensus address as its valoper: the bech32
 * `initvaloper` of priv_validator_key.json's `address`. Block endpoints look the proposer up by that
 * address (`/opinit/opchild/v1/validator/{valoper}`), which 404s without this fix.
 */
function useConsensusAddressAsOperator(home: string): void {
  const key = JSON.parse(readFileSync(path.join(home, "config/priv_validator_key.json"), "utf8")) as {
    address: string;
  };
  const genesisFile = path.join(home, "config/genesis.json");
  const genesis = JSON.parse(readFileSync(genesisFile, "utf8")) as {
    app_state: { opchild: { validators: { operator_address: string }[] } };
  };
  const validator = genesis.app_state.opchild.validators[0];
  if (!validator) throw new Error("genesis has no opchild validator after add-genesis-validator");
  validator.operator_address = hexToBech32("initvaloper", key.address);
  writeFileSync(genesisFile, JSON.stringify(genesis, null, 2));
}

/** Runs init, keys and genesis commands in `home`; resolves with the accounts' addresses. */
export async function prepareHome(options: PrepareHomeOptions): Promise<NodeAccount[]> {
  const { cli, home, chainId, denom } = options;
  const keyring = ["--keyring-backend", "test", "--home", home];
  await cli.run(["init", "local", "--chain-id", chainId, "--denom", denom, "--home", home]);
  const accounts: NodeAccount[] = [];
  for (const account of options.accounts) {
    const added = await cli.json<{ address: string }>(
      ["keys", "add", account.name, "--recover", "--output", "json", ...keyring],
      { stdin: `${account.mnemonic}\n` },
    );
    accounts.push({ ...account, address: added.address, hex: bech32ToHex(added.address) });
    await cli.run(["genesis", "add-genesis-account", account.name, `${options.balance}${denom}`, ...keyring]);
  }
  const validator = accounts[0];
  if (!validator) throw new Error("a chain needs at least one account (its validator)");
  await cli.run(["genesis", "add-genesis-validator", validator.name, ...keyring]);
  useConsensusAddressAsOperator(home);
  await cli.run(["genesis", "validate", "--home", home]);
  return accounts;
}
