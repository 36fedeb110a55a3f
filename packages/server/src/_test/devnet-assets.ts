/**
 * Denoms of the bundled `devnet` router registry (packages/server/registries/devnet.json; the IBC,
 * OPinit and wrapper denoms are derived from its connections) and one account spelled for each of
 * its chains, as the router tests name them.
 */

/** uinit deposited over OPinit into the minievm rollup (the wrapper's remote coin). */
export const L2_INIT_EVM = "l2/771d639f30fbe45e3fbca954ffbe2fcc26f915f5513c67a4a2d0bc1d635bdefd";
/** uinit deposited over OPinit into the miniwasm rollup. */
export const L2_INIT_WASM = "l2/2588fd87a8e081f6a557f43ff14f05dddf5e34cb27afcefd6eaf81f1daea30d0";
/** The minievm rollup's 18-decimal ERC-20 wrapping L2_INIT_EVM. */
export const WRAPPED_INIT = "evm/7A5b3c4D5E6F708192a3b4c5D6E7f80912a3b4c5";
/** uinit over IBC from the L1's channel-1 (and on the Cosmos chain over channel-2: same hash). */
export const INIT_ON_WASM = "ibc/37A3FB4FED4CA04ED6D9E5DA36C6D27248645F0E22F585576A1488B8A89C5A50";
/** WETH on the EVM chain 31337, an OFT adapter's token. */
export const WETH_ETH = "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2";
/** WETH's OFT peer on the minievm rollup. */
export const WETH_EVM = "evm/e1A2b3c4d5E6F708192a3b4C5d6E7f8091a2b3c4";

/** One account: bech32 on Initia chains, hex on EVM chains, bech32 `cosmos` on the Cosmos chain. */
export const ALICE = "init1f9qwat48ldgxrmssvpvpk3tea8l72mksvzm62v";
export const ALICE_HEX = "0x4940eeaea7fb5061ee1060581b4579e9ffe56ed0";
export const ALICE_COSMOS = "cosmos1f9qwat48ldgxrmssvpvpk3tea8l72mksz5mfpw";
