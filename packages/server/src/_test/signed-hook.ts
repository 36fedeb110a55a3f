/** A real signed hook tx: the op-hook messages in a TxBody, signed with a throwaway secp256k1 key. */
import { createHash, generateKeyPairSync, sign } from "node:crypto";
import { AuthInfo, TxBody, TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { Any } from "cosmjs-types/google/protobuf/any";

export function signedHook(): string {
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
