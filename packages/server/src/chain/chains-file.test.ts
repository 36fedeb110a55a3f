/** The chains file on the bundled devnet registry, on real Initia registry chain.json files, and its refusals. */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { writeDevnetRegistry } from "../_test/devnet-registry.js";
import { ChainsFileError, parseChainsFile, RESERVED_CHAIN_IDS, readChainsFile } from "./chains-file.js";

const DEVNET = path.resolve(import.meta.dirname, "../../registries/devnet.json");
/** Real chain.json files, byte for byte (fixtures/initia-registry/README.md: which commit). */
const REGISTRY = path.resolve(import.meta.dirname, "../../../../fixtures/initia-registry");
const chainJson = (at: string): Record<string, unknown> =>
  JSON.parse(readFileSync(path.join(REGISTRY, at, "chain.json"), "utf8"));
const L1 = chainJson("mainnets/initia");
const EVM = chainJson("testnets/evm");
const WASM = chainJson("mainnets/inertia");

const work = mkdtempSync(path.join(tmpdir(), "weft-chains-file-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A router registry entry with what ingestion reads, and nothing of routing. */
const routerChain = (chainId: string, chainType: string, apis: Record<string, string> = {}) => ({
  chain_id: chainId,
  chain_type: chainType,
  bech32_prefix: "init",
  apis: { rpc: "http://127.0.0.1:26657", rest: "http://127.0.0.1:1317", ...apis },
});
const registry = (...chains: unknown[]) => JSON.stringify({ name: "test", chains });

/** The whole message of the refusal, or a failure when the text is accepted. */
function refusal(text: string): string {
  try {
    parseChainsFile(text, "chains.json");
  } catch (err) {
    expect(err).toBeInstanceOf(ChainsFileError);
    return (err as Error).message;
  }
  throw new Error("the chains file was accepted");
}

describe("the router registry shape", () => {
  it("indexes the bundled devnet's three VMs and skips its cosmos and evm chains", () => {
    expect(readChainsFile(DEVNET)).toEqual({
      chains: [
        {
          chainId: "weft-devnet-1",
          vmType: "move",
          bech32Prefix: "init",
          rpcUrl: "http://127.0.0.1:26657",
          restUrl: "http://127.0.0.1:1317",
        },
        {
          chainId: "weft-evm-1",
          vmType: "evm",
          bech32Prefix: "init",
          rpcUrl: "http://127.0.0.1:26667",
          restUrl: "http://127.0.0.1:1327",
          jsonRpcUrl: "http://127.0.0.1:8545",
        },
        {
          chainId: "weft-wasm-1",
          vmType: "wasm",
          bech32Prefix: "init",
          rpcUrl: "http://127.0.0.1:26677",
          restUrl: "http://127.0.0.1:1337",
        },
      ],
      skipped: [
        {
          chainId: "weft-cosmos-1",
          reason: "chain_type cosmos: runs none of Initia's VMs (move, evm, wasm), which Weft indexes",
        },
        {
          chainId: "31337",
          reason: "chain_type evm: an EVM chain without a CometBFT node, which Weft does not index",
        },
      ],
    });
  });

  it("reads the devnet registry bound to where the interchain listens (writeDevnetRegistry)", () => {
    const file = path.join(work, "devnet-bound.json");
    writeDevnetRegistry(file, {
      "weft-devnet-1": "http://127.0.0.1:40001",
      "weft-evm-1": "http://127.0.0.1:40002",
      "weft-wasm-1": "http://127.0.0.1:40003",
    });
    const { chains } = readChainsFile(file);
    expect(chains.map((c) => [c.chainId, c.rpcUrl, c.restUrl, c.jsonRpcUrl])).toEqual([
      ["weft-devnet-1", "http://127.0.0.1:40001", "http://127.0.0.1:40001", undefined],
      ["weft-evm-1", "http://127.0.0.1:40002", "http://127.0.0.1:40002", "http://127.0.0.1:40002"],
      ["weft-wasm-1", "http://127.0.0.1:40003", "http://127.0.0.1:40003", undefined],
    ]);
  });

  it("takes minimove as Move and drops a JSON-RPC URL a non-EVM chain carries", () => {
    const file = parseChainsFile(
      registry(routerChain("move-1", "minimove", { json_rpc: "http://127.0.0.1:8545" })),
      "chains.json",
    );
    expect(file.chains).toEqual([
      {
        chainId: "move-1",
        vmType: "move",
        bech32Prefix: "init",
        rpcUrl: "http://127.0.0.1:26657",
        restUrl: "http://127.0.0.1:1317",
      },
    ]);
  });
});

describe("the Initia registry chain.json shape (real files)", () => {
  it("reads one chain.json: the L1 (metadata.is_l1) runs Move, the first endpoint of each kind", () => {
    expect(parseChainsFile(JSON.stringify(L1), "initia/chain.json")).toEqual({
      chains: [
        {
          chainId: "interwoven-1",
          vmType: "move",
          bech32Prefix: "init",
          rpcUrl: "https://rpc.initia.xyz",
          restUrl: "https://rest.initia.xyz",
        },
      ],
      skipped: [],
    });
  });

  it("reads an array of them: minievm with its json-rpc, miniwasm", () => {
    expect(parseChainsFile(JSON.stringify([L1, EVM, WASM]), "chains.json").chains).toEqual([
      expect.objectContaining({ chainId: "interwoven-1", vmType: "move" }),
      {
        chainId: "evm-1",
        vmType: "evm",
        bech32Prefix: "init",
        rpcUrl: "https://rpc-evm-1.anvil.asia-southeast.initia.xyz",
        restUrl: "https://rest-evm-1.anvil.asia-southeast.initia.xyz",
        jsonRpcUrl: "https://jsonrpc-evm-1.anvil.asia-southeast.initia.xyz",
      },
      {
        chainId: "inertia-2",
        vmType: "wasm",
        bech32Prefix: "init",
        rpcUrl: "https://rpc.inrt.fi",
        restUrl: "https://rest.inrt.fi",
      },
    ]);
  });

  it("takes the JSON-RPC under its name before 2024-11, evm-http-jsonrpc", () => {
    const { "json-rpc": jsonRpc, ...apis } = EVM.apis as Record<string, unknown>;
    const legacy = { ...EVM, apis: { ...apis, "evm-http-jsonrpc": jsonRpc } };
    expect(parseChainsFile(JSON.stringify(legacy), "chain.json").chains[0]?.jsonRpcUrl).toBe(
      "https://jsonrpc-evm-1.anvil.asia-southeast.initia.xyz",
    );
  });

  it("skips a custom minitia", () => {
    const custom = { ...WASM, metadata: { ...(WASM.metadata as object), minitia: { type: "custom" } } };
    expect(parseChainsFile(JSON.stringify([L1, custom]), "chains.json").skipped).toEqual([
      {
        chainId: "inertia-2",
        reason: "metadata.minitia.type custom: a custom minitia, whose VM Weft does not know",
      },
    ]);
  });
});

describe("refusals: one line naming the file, the chain, the field and the fix", () => {
  it("a file that is not JSON, or neither shape", () => {
    expect(refusal("{chains:")).toMatch(
      /^chains file chains.json: not JSON \(.+\); give a router registry or Initia chain.json objects$/,
    );
    const neither =
      'chains file chains.json: neither a router registry ({"chains": [...]}) nor Initia registry chain.json ' +
      "(an object with chain_id, or an array of them); give one of the two (docs/design/many-chains.md)";
    expect(refusal(JSON.stringify({ name: "x", chain: [] }))).toBe(neither);
    expect(refusal('"weft-evm-1"')).toBe(neither);
  });

  it("a file that cannot be read", () => {
    const missing = path.join(work, "missing.json");
    expect(() => readChainsFile(missing)).toThrow(
      new ChainsFileError(
        `chains file ${missing}: cannot be read (ENOENT: no such file or directory, open '${missing}'); ` +
          "check the path given as --chains or CHAINS_FILE",
      ),
    );
  });

  it("an entry without a chain id, with an unknown chain_type or VM", () => {
    expect(refusal(registry(routerChain("a-1", "minimove"), { chain_type: "minimove" }))).toBe(
      "chains file chains.json: chains[1]: chain_id is missing; set it to the chain's id (e.g. interwoven-1)",
    );
    expect(refusal(JSON.stringify([L1, "evm-1"]))).toBe(
      "chains file chains.json: [1]: not an object; each entry describes one chain",
    );
    expect(refusal(registry(routerChain("a-1", "minisvm")))).toBe(
      'chains file chains.json: chain a-1: chain_type "minisvm" is not one of initia, minievm, miniwasm, ' +
        "minimove, cosmos, evm; set it to initia, minimove, minievm or miniwasm to index the chain",
    );
    const { minitia: _, ...rollup } = EVM.metadata as Record<string, unknown>;
    expect(refusal(JSON.stringify({ ...EVM, metadata: rollup }))).toBe(
      "chains file chains.json: chain evm-1: metadata.minitia.type is missing and metadata.is_l1 is not true; " +
        "set metadata.minitia.type to minimove, minievm or miniwasm (metadata.is_l1: true for the L1)",
    );
  });

  it("a chain without its RPC, REST or bech32 prefix", () => {
    const { rpc: _, ...noRpc } = routerChain("a-1", "minimove").apis;
    expect(refusal(registry({ ...routerChain("a-1", "minimove"), apis: noRpc }))).toBe(
      "chains file chains.json: chain a-1: apis.rpc is missing; set it to the chain's CometBFT RPC URL",
    );
    const { rest: __, ...noRest } = WASM.apis as Record<string, unknown>;
    expect(refusal(JSON.stringify({ ...WASM, apis: noRest }))).toBe(
      "chains file chains.json: chain inertia-2: apis.rest[0].address is missing; set it to the chain's Cosmos REST (LCD) URL",
    );
    expect(refusal(registry({ ...routerChain("a-1", "initia"), bech32_prefix: "" }))).toBe(
      "chains file chains.json: chain a-1: bech32_prefix is missing; set it to the chain's bech32 account prefix (e.g. init)",
    );
  });

  it("an EVM chain without JSON-RPC, in either shape", () => {
    expect(refusal(registry(routerChain("weft-evm-1", "minievm")))).toBe(
      "chains file chains.json: chain weft-evm-1: apis.json_rpc is missing; set it to the node's EVM JSON-RPC URL (an evm chain needs it)",
    );
    const { "json-rpc": _, ...apis } = EVM.apis as Record<string, unknown>;
    expect(refusal(JSON.stringify({ ...EVM, apis }))).toBe(
      'chains file chains.json: chain evm-1: apis["json-rpc"][0].address is missing; set it to the node\'s EVM JSON-RPC URL (an evm chain needs it)',
    );
  });

  it("a URL that is not http(s)", () => {
    expect(refusal(registry(routerChain("a-1", "miniwasm", { rest: "grpc.initia.xyz:443" })))).toBe(
      'chains file chains.json: chain a-1: apis.rest "grpc.initia.xyz:443" is not an http:// or https:// URL; set it to the chain\'s Cosmos REST (LCD) URL',
    );
    const ws = { ...EVM, apis: { ...(EVM.apis as object), "json-rpc": [{ address: "wss://x.initia.xyz" }] } };
    expect(refusal(JSON.stringify(ws))).toBe(
      'chains file chains.json: chain evm-1: apis["json-rpc"][0].address "wss://x.initia.xyz" is not an http:// or https:// URL; set it to the node\'s EVM JSON-RPC URL (an evm chain needs it)',
    );
  });

  it("two chains with the same id, indexed or skipped", () => {
    expect(refusal(JSON.stringify([L1, WASM, L1]))).toBe(
      "chains file chains.json: chain interwoven-1: chain_id appears twice ([0] and [2]); keep one entry per chain",
    );
    expect(refusal(registry(routerChain("c-1", "cosmos"), routerChain("c-1", "cosmos")))).toBe(
      "chains file chains.json: chain c-1: chain_id appears twice (chains[0] and chains[1]); keep one entry per chain",
    );
  });

  it("a chain id that is no plain path segment, or is a root path's", () => {
    for (const id of ["Weft-1", "weft_1", "weft-", "-1", "weft--1", "a/b", "a.b"]) {
      expect(refusal(registry(routerChain(id, "minimove")))).toBe(
        `chains file chains.json: chain ${id}: chain_id must be lower-case letters and digits in words joined by "-" ` +
          "(it becomes the URL path /{chain_id}); index it in a deployment of its own (RPC_URL, no chains file)",
      );
    }
    expect(RESERVED_CHAIN_IDS.join(" ")).toBe("v2 indexer status health ready metrics docs swagger api");
    for (const id of RESERVED_CHAIN_IDS) {
      expect(refusal(registry(routerChain(id, "minimove")))).toBe(
        `chains file chains.json: chain ${id}: chain_id ${id} is a path of the API's root (/${id}); ` +
          "index it in a deployment of its own (RPC_URL, no chains file)",
      );
    }
    // Not a path segment, but never one: a chain that is not indexed keeps its id.
    expect(
      parseChainsFile(registry(routerChain("a-1", "initia"), routerChain("Cosmos_1", "cosmos")), "f"),
    ).toMatchObject({ skipped: [{ chainId: "Cosmos_1" }] });
  });

  it("no chain to index", () => {
    expect(refusal(registry())).toBe(
      "chains file chains.json: no chain to index; list a Move, EVM or Wasm chain of Initia",
    );
    expect(refusal(registry(routerChain("c-1", "cosmos")))).toBe(
      "chains file chains.json: no chain to index (c-1: chain_type cosmos: runs none of Initia's VMs " +
        "(move, evm, wasm), which Weft indexes); list a Move, EVM or Wasm chain of Initia",
    );
  });
});
