/** A real signed hook tx: the op-hook messages in a TxBody, signed with a throwaway secp256k1 key. */
import { createHash, generateKeyPairSync, sign } from "node:crypto";
import { AuthInfo, TxBody, TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { Any } from "cosmjs-types/google/protobuf/any";
import { msgsRequestFor } from "./msgs-request.js";

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

// biome-ignore lint/suspicious/noExplicitAny: route and op-hook bodies are wire JSON, read by key.
type Json = any;

/** What the op-hook step needs: a POST that must answer 200, and the wallet that signs. */
export interface OpHookSigner {
  post(path: string, body: unknown): Promise<Json>;
  sign(chainId: string, rest: string, signer: string, msgs: Json): Promise<Uint8Array>;
  /** The wallet's address on a chain. */
  addressFor(chainId: string): string;
  /** Where each chain's node answers. */
  urls: Record<string, string>;
}

/**
 * The wallet's "Authorize conversion" step for a route with `required_op_hook`: POST /op-hook for the
 * route's pair, sign its messages on the chain it names, and return `signed_op_hook` for /msgs
 * (undefined when the route needs none).
 */
export async function signOpHook(
  route: Json,
  wallet: OpHookSigner,
): Promise<{ signer: string; hook: string } | undefined> {
  if (!route.required_op_hook) return undefined;
  const h = await wallet.post("/op-hook", {
    source_address: wallet.addressFor(route.source_asset_chain_id),
    source_asset_chain_id: route.source_asset_chain_id,
    source_asset_denom: route.source_asset_denom,
    dest_address: wallet.addressFor(route.dest_asset_chain_id),
    dest_asset_chain_id: route.dest_asset_chain_id,
    dest_asset_denom: route.dest_asset_denom,
  });
  const signer = wallet.addressFor(h.chain_id);
  const raw = await wallet.sign(h.chain_id, wallet.urls[h.chain_id] ?? "", signer, h.hook);
  return { signer, hook: Buffer.from(raw).toString("base64") };
}

/**
 * The wallet's whole path from a route to its txs: the op-hook step where the route needs one, then
 * POST /v2/fungible/msgs with the route's own fields, its required chains' addresses and 1% slippage.
 */
export async function walletMsgs(route: Json, signer: OpHookSigner): Promise<Json> {
  const signed_op_hook = await signOpHook(route, signer);
  return signer.post(
    "/v2/fungible/msgs",
    msgsRequestFor(route, route.required_chain_addresses.map(signer.addressFor), {
      slippage_tolerance_percent: "1",
      ...(signed_op_hook ? { signed_op_hook } : {}),
    }),
  );
}
