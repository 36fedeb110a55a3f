/**
 * viem clients for the chain's keyring accounts, with the keys the node's own keyring exports
 * (node/exported-key.ts).
 */
import {
  type Chain,
  createPublicClient,
  createWalletClient,
  defineChain,
  http,
  type PrivateKeyAccount,
  type PublicClient,
  type Transport,
  type WalletClient,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { exportPrivateKey } from "../node/exported-key.js";
import { jsonRpc } from "../node/node-queries.js";
import type { RealNode } from "../node/start-node.js";

export interface EvmWallet {
  /** Keyring name. */
  name: string;
  account: PrivateKeyAccount;
  wallet: WalletClient<Transport, Chain, PrivateKeyAccount>;
}

export interface EvmClients {
  chain: Chain;
  publicClient: PublicClient<Transport, Chain>;
  /** A wallet per keyring account, by name. */
  wallets: Record<string, EvmWallet>;
}

/** The node's EVM chain as viem needs it (id from eth_chainId; GAS is the native currency). */
async function chainOf(node: RealNode, jsonRpcUrl: string): Promise<Chain> {
  const id = Number(await jsonRpc<string>(jsonRpcUrl, "eth_chainId"));
  return defineChain({
    id,
    name: node.chainId,
    nativeCurrency: { name: node.denom, symbol: node.denom, decimals: 18 },
    rpcUrls: { default: { http: [jsonRpcUrl] } },
  });
}

export async function evmClients(node: RealNode): Promise<EvmClients> {
  const jsonRpcUrl = node.jsonRpcUrl;
  if (!jsonRpcUrl) throw new Error("evmClients needs a minievm node (JSON-RPC)");
  const chain = await chainOf(node, jsonRpcUrl);
  // Short polling: blocks come every half second, and the scenario waits for each receipt.
  const transport = http(jsonRpcUrl, { retryCount: 3, timeout: 10_000 });
  const publicClient = createPublicClient({ chain, transport, pollingInterval: 200 });
  const wallets: Record<string, EvmWallet> = {};
  for (const a of node.accounts) {
    const account = privateKeyToAccount(await exportPrivateKey(node, a.name));
    if (account.address.toLowerCase() !== a.hex) {
      throw new Error(`exported key of ${a.name} is ${account.address}, the keyring says ${a.hex}`);
    }
    wallets[a.name] = {
      name: a.name,
      account,
      wallet: createWalletClient({ account, chain, transport, pollingInterval: 200 }),
    };
  }
  return { chain, publicClient, wallets };
}
