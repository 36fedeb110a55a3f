/**
 * A same-chain NFT send the way Initia's wallet makes one, end to end on a real node: it lists the
 * owner's NFTs from Weft's Indexer API, asks Weft's router (`POST /nft`) for the messages, converts
 * their amino JSON with `@initia/amino-converter` (the wallet's converters), signs the result
 * SIGN_MODE_DIRECT with the owner's key from the node's keyring and broadcasts it to the node.
 *
 * Its own module, apart from the scenarios: the scenarios send through `minitiad` (the node's own
 * message encoding), whereas this proves that messages Weft builds survive the wallet's conversion
 * and execute on the chain; both VMs' tests share it.
 */
import { aminoTypes } from "@initia/amino-converter";
import { walkList } from "../checks/indexer-client.js";
import { exportPrivateKey } from "../node/exported-key.js";
import type { CommittedTx } from "../node/node-queries.js";
import type { RealNode } from "../node/start-node.js";
import { createInitiaSigner, type EncodeObject } from "../wallet/initia-signer.js";
import { signAndBroadcast } from "../wallet/sign-and-broadcast.js";

/** Where Weft serves the router's NFT messages (spec/src/paths/router/nft.yaml). */
export const ROUTER_NFT_PATH = "/nft";
const REQUEST_TIMEOUT_MS = 15_000;

/** A token as `/indexer/nft/v1/tokens/by_account/{owner}` lists it (the fields a wallet sends). */
export interface IndexedToken {
  collection_addr: string;
  /** The Move object; "" on EVM. */
  object_addr: string;
  owner: string;
  nft: { token_id: string; uri: string };
  height: number;
}

/** One message of the router's answer, in amino JSON. */
export interface AminoMsg {
  type: string;
  value: Record<string, unknown>;
}

export interface NftSendRequest {
  from_address: string;
  from_chain_id: string;
  to_address: string;
  to_chain_id: string;
  collection_address: string;
  token_ids: string[];
  object_addresses?: string[];
}

export interface RouterNftSend {
  /** The token as the Indexer API listed it before the send. */
  token: IndexedToken;
  request: NftSendRequest;
  /** The router's answer, as it came. */
  msgs: AminoMsg[];
  /** What the wallet's AminoTypes made of `msgs`: exactly what was signed. */
  converted: EncodeObject[];
  /** Where the tx landed and its result code (not yet required to be 0). */
  tx: CommittedTx;
}

export interface SendNftByRouterOptions {
  /** Weft's base URL: its Indexer API and router. */
  weftUrl: string;
  node: RealNode;
  /** Keyring name of the owner, who signs. */
  from: string;
  /** Recipient on the same chain, bech32. */
  to: string;
  /** The collection the token is taken from, as the indexer writes `collection_addr`. */
  collection: string;
}

/** Every NFT Weft lists for `owner` (bech32), as a wallet reads them. */
export function indexedTokensOf(weftUrl: string, owner: string): Promise<IndexedToken[]> {
  return walkList<IndexedToken>(weftUrl, `/indexer/nft/v1/tokens/by_account/${owner}`, "tokens");
}

/** Sends the owner's first token of `collection` to `to` through Weft's router; see the module comment. */
export async function sendNftByRouter(options: SendNftByRouterOptions): Promise<RouterNftSend> {
  const { weftUrl, node } = options;
  const owner = node.account(options.from).address;
  const token = (await indexedTokensOf(weftUrl, owner)).find((t) => t.collection_addr === options.collection);
  if (!token) throw new Error(`Weft lists no token of ${options.collection} owned by ${owner}`);
  const request: NftSendRequest = {
    from_address: owner,
    from_chain_id: node.chainId,
    to_address: options.to,
    to_chain_id: node.chainId,
    collection_address: token.collection_addr,
    token_ids: [token.nft.token_id],
    // Move names tokens by object; ERC-721 tokens have none ("").
    ...(token.object_addr ? { object_addresses: [token.object_addr] } : {}),
  };
  const msgs = await postNft(weftUrl, request);
  const converted = msgs.map((m) => aminoTypes.fromAmino(m) as EncodeObject);
  const signer = createInitiaSigner(await exportPrivateKey(node, options.from));
  if (signer.address !== owner) throw new Error(`the key of ${options.from} signs as ${signer.address}`);
  const tx = await signAndBroadcast(node, signer, converted);
  return { token, request, msgs, converted, tx };
}

async function postNft(weftUrl: string, request: NftSendRequest): Promise<AminoMsg[]> {
  const res = await fetch(`${weftUrl}${ROUTER_NFT_PATH}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(request),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`POST ${ROUTER_NFT_PATH} -> ${res.status}: ${text.slice(0, 2000)}`);
  return (JSON.parse(text) as { msgs: AminoMsg[] }).msgs;
}
