/**
 * The fixed keys of every real-node chain. Public test mnemonics only: these chains live for one test
 * and their keys are worthless. Fixed mnemonics make the addresses the same on every run, so a failure
 * names the same account each time.
 */

export interface TestAccount {
  /** Keyring name (`--from NAME`). */
  name: string;
  mnemonic: string;
}

/**
 * The validator (and opchild admin / bridge executor) and three users. On minievm (eth_secp256k1,
 * coin type 60) the first mnemonic gives the well-known EVM test account 0xf39F...2266.
 */
export const TEST_ACCOUNTS: readonly TestAccount[] = [
  { name: "validator", mnemonic: "test test test test test test test test test test test junk" },
  {
    name: "alice",
    mnemonic: "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about",
  },
  {
    name: "bob",
    mnemonic: "legal winner thank year wave sausage worth useful legal winner thank yellow",
  },
  {
    name: "carol",
    mnemonic: "letter advice cage absurd amount doctor acoustic avoid letter advice cage above",
  },
];
