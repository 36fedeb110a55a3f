/**
 * A registry whose chains answer at other URLs: the bundled devnet registry names fixed ports, the
 * local interchain (`weft dev`, tests) listens wherever the OS puts it.
 */
import type { RegistryFile } from "./registry-file.js";

/** A copy of `file` with each listed chain's RPC and REST endpoints (and JSON-RPC, where it has one) set to its URL. */
export function bindEndpoints(file: RegistryFile, urls: Record<string, string>): RegistryFile {
  return {
    ...file,
    chains: file.chains.map((c) => {
      const url = urls[c.chain_id];
      return url
        ? { ...c, apis: { ...c.apis, rpc: url, rest: url, ...(c.apis.json_rpc ? { json_rpc: url } : {}) } }
        : c;
    }),
  };
}
