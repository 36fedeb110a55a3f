/**
 * CheckTx of a broadcast tx, as a node runs it before the mempool: one secp256k1 signer whose
 * account exists, the account's next sequence, and a SIGN_MODE_DIRECT signature over this chain id
 * and account number; the SDK's codes and logs when any of it fails.
 */
import { Secp256k1, Secp256k1Signature, Sha256 } from "@cosmjs/crypto";
import { bech32 } from "bech32";
import { PubKey } from "cosmjs-types/cosmos/crypto/secp256k1/keys";
import { AuthInfo, SignDoc, TxBody, TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { addressOfPubkey, PUBKEY_TYPE } from "../test-keys.js";
import type { Ledger } from "./ledger.js";

/** CheckTx: the signer's account exists, the sequence is the next one and the signature is valid. */
export async function checkTx(
  chain: { prefix: string; chainId: string },
  ledger: Pick<Ledger, "account">,
  raw: Uint8Array,
): Promise<{ signer: string; error?: { code: number; log: string } }> {
  let tx: TxRaw;
  let authInfo: AuthInfo;
  try {
    tx = TxRaw.decode(raw);
    TxBody.decode(tx.bodyBytes);
    authInfo = AuthInfo.decode(tx.authInfoBytes);
  } catch (err) {
    return { signer: "", error: { code: 2, log: `tx parse error: ${(err as Error).message}` } };
  }
  const info = authInfo.signerInfos[0];
  const signature = tx.signatures[0];
  if (!info?.publicKey || info.publicKey.typeUrl !== PUBKEY_TYPE || signature?.length !== 64) {
    return {
      signer: "",
      error: { code: 4, log: "signature verification failed; expected one secp256k1 signer: unauthorized" },
    };
  }
  const pubkey = PubKey.decode(info.publicKey.value).key;
  const signer = bech32.encode(chain.prefix, bech32.toWords(addressOfPubkey(pubkey)));
  const account = ledger.account(signer);
  if (!account) return { signer, error: { code: 9, log: `account ${signer} not found: unknown address` } };
  if (info.sequence !== account.sequence) {
    return {
      signer,
      error: {
        code: 32,
        log: `account sequence mismatch, expected ${account.sequence}, got ${info.sequence}: incorrect account sequence`,
      },
    };
  }
  const doc = SignDoc.encode({
    bodyBytes: tx.bodyBytes,
    authInfoBytes: tx.authInfoBytes,
    chainId: chain.chainId,
    accountNumber: account.number,
  }).finish();
  const valid = await Secp256k1.verifySignature(
    Secp256k1Signature.fromFixedLength(signature),
    new Sha256(doc).digest(),
    pubkey,
  );
  if (!valid) {
    return {
      signer,
      error: {
        code: 4,
        log: `signature verification failed; please verify account number (${account.number}), sequence (${account.sequence}) and chain-id (${chain.chainId}): unauthorized`,
      },
    };
  }
  return { signer };
}
