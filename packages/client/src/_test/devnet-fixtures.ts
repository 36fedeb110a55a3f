/**
 * Chain ids, denoms and addresses of the bundled `devnet` router registry (the same the server's
 * router-api.test.ts uses), and a fake wallet: the client never signs, so tests play the caller.
 */
import { createHash, generateKeyPairSync, sign } from "node:crypto";
import { Any } from "cosmjs-types/google/protobuf/any";
import { AuthInfo, TxBody, TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import type { components } from "@weft/spec/types";

export const L1 = "weft-devnet-1";
export const EVM_ROLLUP = "weft-evm-1";
export const WASM_ROLLUP = "weft-wasm-1";
export const INIT_ON_WASM = "ibc/37A3FB4FED4CA04ED6D9E5DA36C6D27248645F0E22F585576A1488B8A89C5A50";
export const WRAPPED_INIT = "evm/7A5b3C4d5E6f708192A3b4C5D6e7F80912A3B4C5";
export const ALICE = "init1f9qwat48ldgxrmssvpvpk3tea8l72mksvzm62v";
export const ALICE_COSMOS = "cosmos1f9qwat48ldgxrmssvpvpk3tea8l72mksz5mfpw";

/** uinit from the L1 to the wasm rollup over one IBC hop: no hook, one tx. */
export const IBC_REQUEST = {
  source_asset_chain_id: L1,
  source_asset_denom: "uinit",
  dest_asset_chain_id: WASM_ROLLUP,
  dest_asset_denom: INIT_ON_WASM,
  amount_in: "1000000",
} satisfies components["schemas"]["route-request"];

/** uinit deposited into the evm rollup's 18-decimal ERC-20: needs the op-hook. */
export const HOOK_REQUEST = {
  ...IBC_REQUEST,
  dest_asset_chain_id: EVM_ROLLUP,
  dest_asset_denom: WRAPPED_INIT,
} satisfies components["schemas"]["route-request"];

/** A real signed TxRaw (one message, a throwaway secp256k1 key), base64: what a wallet returns. */
export function signedHookTx(): string {
  const body = TxBody.encode(
    TxBody.fromPartial({
      messages: [Any.fromPartial({ typeUrl: "/minievm.evm.v1.MsgCall", value: new Uint8Array([10, 1, 97]) })],
    }),
  ).finish();
  const authInfo = AuthInfo.encode(AuthInfo.fromPartial({ fee: { gasLimit: 1n } })).finish();
  const { privateKey } = generateKeyPairSync("ec", { namedCurve: "secp256k1" });
  const digest = createHash("sha256").update(body).update(authInfo).digest();
  const signature = sign(null, digest, { key: privateKey, dsaEncoding: "ieee-p1363" });
  return Buffer.from(
    TxRaw.encode({ bodyBytes: body, authInfoBytes: authInfo, signatures: [signature] }).finish(),
  ).toString("base64");
}

/** A deterministic "broadcast": the hash a node would give is faked from the tx's content. */
export function fakeBroadcast(tx: components["schemas"]["signable-tx"]): { txHash: string; chainId: string } {
  const chainId = tx.cosmos_tx?.chain_id ?? tx.evm_tx?.chain_id ?? "";
  const txHash = createHash("sha256").update(JSON.stringify(tx)).digest("hex").toUpperCase();
  return { txHash, chainId };
}
