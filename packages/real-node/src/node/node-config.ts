/**
 * The node's listeners and block production, written into the config files `init` made. Every listener
 * is on 127.0.0.1 (nothing leaves the machine) and on a port free right now (other nodes and test runs
 * share the machine); listeners a test does not use are turned off rather than left on a default port.
 */
import path from "node:path";
import { freePorts } from "./free-ports.js";
import { editTomlFile } from "./toml-settings.js";

export interface NodePorts {
  rpc: number;
  p2p: number;
  /** The ABCI socket; unused while the app runs in-process, re-ported so it can never collide. */
  abci: number;
  rest: number;
  grpc: number;
  jsonRpc: number;
  jsonRpcWs: number;
}

export interface ConfigureNodeOptions {
  home: string;
  vm: "evm" | "move";
  chainId: string;
  denom: string;
  /** CometBFT duration string between blocks, e.g. "500ms". */
  blockInterval: string;
}

/** Picks free ports and writes config.toml, app.toml and client.toml; resolves with the ports. */
export async function configureNode(options: ConfigureNodeOptions): Promise<NodePorts> {
  const [rpc, p2p, abci, rest, grpc, jsonRpc, jsonRpcWs] = await freePorts(7);
  if (jsonRpcWs === undefined) throw new Error("not enough free ports");
  const ports = { rpc: rpc!, p2p: p2p!, abci: abci!, rest: rest!, grpc: grpc!, jsonRpc: jsonRpc!, jsonRpcWs };
  const config = (name: string) => path.join(options.home, "config", name);

  editTomlFile(config("config.toml"), {
    "": { proxy_app: `tcp://127.0.0.1:${ports.abci}` },
    // pprof is another listener (default localhost:6060): off.
    rpc: { laddr: `tcp://127.0.0.1:${ports.rpc}`, pprof_laddr: "" },
    p2p: { laddr: `tcp://127.0.0.1:${ports.p2p}` },
    // Default: no block while idle (or one a minute). Tests wait for heights, so blocks must keep coming.
    sequencing: { create_empty_blocks: true, block_interval: options.blockInterval },
  });

  editTomlFile(config("app.toml"), {
    // Zero fees: the accounts' balances then move only by what the scenario sends.
    "": { "minimum-gas-prices": `0${options.denom}` },
    api: { enable: true, address: `tcp://127.0.0.1:${ports.rest}` },
    grpc: { address: `127.0.0.1:${ports.grpc}` },
    ...(options.vm === "evm"
      ? {
          "json-rpc": {
            enable: true,
            address: `127.0.0.1:${ports.jsonRpc}`,
            "enable-ws": false,
            "address-ws": `127.0.0.1:${ports.jsonRpcWs}`,
          },
        }
      : {}),
  });

  // The CLI's defaults, so tx and query commands need only --home.
  editTomlFile(config("client.toml"), {
    "": {
      "chain-id": options.chainId,
      "keyring-backend": "test",
      node: `tcp://127.0.0.1:${ports.rpc}`,
      "broadcast-mode": "sync",
    },
  });
  return ports;
}
