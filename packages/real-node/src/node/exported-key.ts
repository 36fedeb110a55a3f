/**
 * An account's private key out of the node's own keyring (`keys export --unarmored-hex --unsafe`), so
 * whatever signs outside the CLI (viem on JSON-RPC, the wallet-style Cosmos signer) is provably the
 * same account the keyring holds, as it is for a user who imports their key into a wallet.
 */
import type { Hex } from "viem";
import type { RealNode } from "./start-node.js";

/** The 32-byte secp256k1 private key of keyring account `name`, as 0x-hex. */
export async function exportPrivateKey(node: RealNode, name: string): Promise<Hex> {
  const exported = await node.cli.run(
    ["keys", "export", name, "--unarmored-hex", "--unsafe", "--keyring-backend", "test", "--home", node.home],
    // The CLI asks to confirm the unsafe export.
    { stdin: "y\n" },
  );
  const key = exported.trim().split(/\s+/).pop() ?? "";
  if (!/^(0x)?[0-9a-fA-F]{64}$/.test(key)) throw new Error(`keys export ${name} printed no hex key`);
  return `0x${key.replace(/^0x/, "")}`;
}
