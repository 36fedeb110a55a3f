/**
 * The local interchain: an Initia L1 (with the seeded background traffic), a minievm rollup, a
 * miniwasm rollup and a plain Cosmos chain, connected by IBC channels and OPinit bridges exactly as
 * packages/server/registries/devnet.json describes them, each served over CometBFT RPC and Cosmos
 * REST, with a relayer and a bridge executor; and the registry's plain EVM chain, served over
 * JSON-RPC (its balances, evm-l1.ts). Txs built from the router's msgs and signed with test
 * keys can be broadcast to it, and a transfer runs end to end here. Each VM chain also runs its
 * VM's NFTs (nft/: Move objects on the L1, ERC-721s on minievm, cw721s on miniwasm), created at
 * genesis for given owners and sent by their owners' signed txs.
 */
import { createChain } from "../chain/create-chain.js";
import { type DevnetNode, startDevnetNode } from "../node-server.js";
import { installEvmGateway } from "./evm-gateway.js";
import { createEvmL1JsonRpc, evmKey } from "./evm-l1.js";
import { installIbc } from "./ibc/install-ibc.js";
import { installCwIcs721 } from "./ics721/install-cw-ics721.js";
import { installIcs721 } from "./ics721/install-ics721.js";
import { createLayerZero } from "./layer-zero.js";
import { createLiveChain } from "./live-chain/create-live-chain.js";
import type { LiveChain } from "./live-chain/live-chain-types.js";
import { createLiveRoutes } from "./live-routes.js";
import { type Cw721Nfts, installCw721Nfts } from "./nft/cw721-nfts.js";
import { erc721Contracts } from "./nft/erc721-nfts.js";
import type { NftVm } from "./nft/live-nfts.js";
import { installMoveNfts } from "./nft/move-nfts.js";
import { type GenesisNftCollection, NFT_CREATOR_KEY, submitGenesisNfts } from "./nft/nft-genesis.js";
import { createNftRoutes } from "./nft/nft-routes.js";
import { installOpinitL1, installOpinitL2, l2DenomOf } from "./opinit-module.js";
import { type ChainNode, startExecutor, startRelayer } from "./relayer.js";
import { createTestKey } from "./test-keys.js";

export const L1_CHAIN_ID = "weft-devnet-1";
/** The wrapper of the minievm rollup (registry `erc20_wrapper`), and what it wraps. */
export const EVM_WRAPPER = {
  contract: "0x7FD385d69908247436f49de2A1AFf6438d75C3c0",
  remoteErc20: "0x3cb1AFf2Ee0B5c9d1E4a7F8b9c0D2e3f4A5b6C7d",
  localDenom: "evm/7A5b3c4D5E6F708192a3b4c5D6E7f80912a3b4c5",
  localErc20: "0x7A5b3c4D5E6F708192a3b4c5D6E7f80912a3b4c5",
};
/** EIP-155 chain id of weft-evm-1's EVM. */
export const EVM_CHAIN_ID = 20_261_123;
/** The registry's plain EVM chain (`chain_type: "evm"`): its chain id and native asset's denom. */
export const EVM_L1 = { chainId: "31337", evmChainId: 31_337, nativeDenom: "weft-eth-native" };
/**
 * LayerZero's WETH OFT between the rollup (the OFT is the ERC-20 itself) and the EVM chain (an
 * adapter releasing WETH), with each side's endpoint id, as the registry lists them.
 */
export const LAYER_ZERO_WETH = {
  rollup: {
    eid: 40400,
    contract: "0xe1A2b3c4d5E6F708192a3b4C5d6E7f8091a2b3c4",
    denom: "evm/e1A2b3c4d5E6F708192a3b4C5d6E7f8091a2b3c4",
  },
  evm: { eid: 40161, token: "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2" },
  decimals: 18,
  sharedDecimals: 6,
};

interface ChainSpec {
  chainId: string;
  prefix: string;
  pfm: boolean;
  /** Channel ends; `port` absent is ICS-20's `transfer`. */
  channels: {
    channel: string;
    port?: string;
    counterpartyChainId: string;
    counterpartyChannel: string;
    counterpartyPort?: string;
  }[];
  bridgeId?: bigint;
  /** The VM whose NFTs the chain runs (nft/); none on the plain Cosmos chain. */
  vm?: NftVm;
}

/** The wasm rollup's cw-ics721 contract: its ICS-721 port is `wasm.<contract>`. */
export const WASM_ICS721 = "init18y0mlp68dtwad3vztcm52rk0ndjcnsw4emla29qcazw9ls5p9pqs2d4dnw";

/** An ICS-721 channel end between two nft-transfer modules. */
const NFT = { port: "nft-transfer", counterpartyPort: "nft-transfer" };

/** The topology of packages/server/registries/devnet.json (its Cosmos-side chains). */
export const INTERCHAIN: ChainSpec[] = [
  {
    chainId: L1_CHAIN_ID,
    prefix: "init",
    pfm: true,
    vm: "move",
    channels: [
      { channel: "channel-0", counterpartyChainId: "weft-evm-1", counterpartyChannel: "channel-0" },
      { channel: "channel-1", counterpartyChainId: "weft-wasm-1", counterpartyChannel: "channel-0" },
      { channel: "channel-2", counterpartyChainId: "weft-cosmos-1", counterpartyChannel: "channel-0" },
      { ...NFT, channel: "channel-3", counterpartyChainId: "weft-evm-1", counterpartyChannel: "channel-1" },
      {
        channel: "channel-4",
        port: "nft-transfer",
        counterpartyChainId: "weft-wasm-1",
        counterpartyChannel: "channel-1",
        counterpartyPort: `wasm.${WASM_ICS721}`,
      },
    ],
  },
  {
    chainId: "weft-evm-1",
    prefix: "init",
    pfm: false,
    bridgeId: 1n,
    vm: "evm",
    channels: [
      { channel: "channel-0", counterpartyChainId: L1_CHAIN_ID, counterpartyChannel: "channel-0" },
      { ...NFT, channel: "channel-1", counterpartyChainId: L1_CHAIN_ID, counterpartyChannel: "channel-3" },
    ],
  },
  {
    chainId: "weft-wasm-1",
    prefix: "init",
    pfm: false,
    bridgeId: 2n,
    vm: "wasm",
    channels: [
      { channel: "channel-0", counterpartyChainId: L1_CHAIN_ID, counterpartyChannel: "channel-1" },
      {
        channel: "channel-1",
        port: `wasm.${WASM_ICS721}`,
        counterpartyChainId: L1_CHAIN_ID,
        counterpartyChannel: "channel-4",
        counterpartyPort: "nft-transfer",
      },
    ],
  },
  {
    chainId: "weft-cosmos-1",
    prefix: "cosmos",
    pfm: true,
    channels: [{ channel: "channel-0", counterpartyChainId: L1_CHAIN_ID, counterpartyChannel: "channel-2" }],
  },
];

export interface Interchain {
  chains: Map<string, { chain: LiveChain; node: DevnetNode }>;
  /** chain id -> node URL (CometBFT RPC and Cosmos REST on one port). */
  urls: Record<string, string>;
  relayer: ReturnType<typeof startRelayer>;
  /** Seals `rounds` blocks on every chain, in topology order (on-demand mode). */
  produce(rounds?: number): void;
  close(): Promise<void>;
}

export async function startInterchain(options: {
  /**
   * chain id -> address -> denom -> amount. On the EVM chain (EVM_L1) addresses are 0x hex and an
   * ERC-20's denom is its contract address.
   */
  genesis?: Record<string, Record<string, Record<string, bigint>>>;
  /** Seed of the L1's background traffic. @default 1 */
  seed?: number;
  /** 0 = blocks only on `produce()`. @default 0 */
  blockIntervalMs?: number;
  /** L1 blocks between a withdrawal and its finalization. @default 3 */
  withdrawalDelayBlocks?: number;
  /**
   * chain id -> NFT collections created at genesis (by txs in the chain's first block, signed by the
   * devnet's NFT creator) with their tokens' owners: Move collections on weft-devnet-1, ERC-721s on
   * weft-evm-1, cw721s on weft-wasm-1. Read them back with `chain.nfts`.
   */
  nfts?: Record<string, GenesisNftCollection[]>;
}): Promise<Interchain> {
  const nodes = new Map<string, ChainNode>();
  const chains: Interchain["chains"] = new Map();
  const creator = options.nfts ? await createTestKey(NFT_CREATOR_KEY) : undefined;
  const cw721s = new Map<string, Cw721Nfts>();
  const ics721Routes = new Map<string, ReturnType<typeof installIcs721>>();
  for (const spec of INTERCHAIN) {
    const background = createChain({
      seed: options.seed ?? 1,
      chainId: spec.chainId,
      prefix: spec.prefix,
      ...(spec.chainId === L1_CHAIN_ID ? {} : { maxTxsPerBlock: 0, nftTxs: false }),
    });
    const genesis = options.genesis?.[spec.chainId] ?? {};
    const nftCreator = options.nfts?.[spec.chainId] && creator?.bech32(spec.prefix);
    const chain = createLiveChain({
      background,
      // The NFT creator signs the genesis NFTs' txs: its account exists from genesis, empty.
      genesis: nftCreator ? { [nftCreator]: {}, ...genesis } : genesis,
    });
    if (options.nfts?.[spec.chainId] && !spec.vm)
      throw new Error(`${spec.chainId} runs no VM: it can hold no NFTs`);
    if (spec.vm === "move") installMoveNfts(chain);
    if (spec.vm === "wasm") cw721s.set(spec.chainId, installCw721Nfts(chain));
    // One connection per counterparty: its ICS-20 and ICS-721 channels share it.
    const peers = [...new Set(spec.channels.map((c) => c.counterpartyChainId))];
    const ibc = installIbc(
      chain,
      spec.channels.map((c) => ({ ...c, connection: `connection-${peers.indexOf(c.counterpartyChainId)}` })),
      { pfm: spec.pfm },
    );
    if (spec.vm === "move" || spec.vm === "evm")
      ics721Routes.set(spec.chainId, installIcs721(chain, ibc, spec.vm));
    const cw721 = cw721s.get(spec.chainId);
    if (cw721) ics721Routes.set(spec.chainId, installCwIcs721(chain, ibc, cw721, WASM_ICS721));
    nodes.set(spec.chainId, { chain, ibc });
  }
  const l1 = nodes.get(L1_CHAIN_ID)?.chain as LiveChain;
  const rollups = INTERCHAIN.filter((s) => s.bridgeId !== undefined).map((s) => ({
    bridgeId: s.bridgeId as bigint,
    chain: nodes.get(s.chainId)?.chain as LiveChain,
  }));
  installOpinitL1(
    l1,
    rollups.map((r) => ({ bridgeId: r.bridgeId, l2ChainId: r.chain.chainId })),
  );
  const gateways = new Map<string, ReturnType<typeof installEvmGateway>>();
  let layerZero: ReturnType<typeof createLayerZero> | undefined;
  for (const r of rollups) {
    const evm = r.chain.chainId === "weft-evm-1";
    const remote = l2DenomOf(r.bridgeId, "uinit");
    const opinit = installOpinitL2(r.chain, {
      bridgeId: r.bridgeId,
      opDenoms: ["uinit"],
      ...(evm
        ? {
            wrapper: {
              contract: EVM_WRAPPER.contract,
              tokens: {
                [remote]: {
                  erc20: EVM_WRAPPER.remoteErc20,
                  localDenom: EVM_WRAPPER.localDenom,
                  factor: 10n ** 12n,
                },
              },
            },
          }
        : {}),
    });
    if (evm) {
      layerZero = createLayerZero(r.chain, LAYER_ZERO_WETH.rollup.eid);
      gateways.set(
        r.chain.chainId,
        installEvmGateway(r.chain, {
          evmChainId: EVM_CHAIN_ID,
          wrapper: EVM_WRAPPER.contract,
          localTokens: {
            [EVM_WRAPPER.localDenom]: {
              erc20: EVM_WRAPPER.localErc20,
              remoteDenom: remote,
              remoteErc20: EVM_WRAPPER.remoteErc20,
              factor: 10n ** 12n,
            },
          },
          withdraw: opinit.withdraw,
          feeDenom: EVM_WRAPPER.localDenom,
          ofts: {
            [LAYER_ZERO_WETH.rollup.contract]: {
              denom: LAYER_ZERO_WETH.rollup.denom,
              decimals: LAYER_ZERO_WETH.decimals,
              sharedDecimals: LAYER_ZERO_WETH.sharedDecimals,
            },
          },
          layerZero,
          contracts: [erc721Contracts(r.chain.nfts, r.chain.prefix)],
        }),
      );
    }
  }
  for (const spec of INTERCHAIN) {
    const collections = options.nfts?.[spec.chainId];
    if (!collections || !creator || !spec.vm) continue;
    const chain = nodes.get(spec.chainId)?.chain as LiveChain;
    const cw721 = cw721s.get(spec.chainId);
    await submitGenesisNfts({ chain, vm: spec.vm, collections, creator, ...(cw721 ? { cw721 } : {}) });
  }
  const relayer = startRelayer(nodes);
  startExecutor(l1, rollups, { withdrawalDelayBlocks: options.withdrawalDelayBlocks ?? 3 });
  for (const [chainId, { chain }] of nodes) {
    const gateway = gateways.get(chainId);
    const vm = INTERCHAIN.find((s) => s.chainId === chainId)?.vm;
    const node = await startDevnetNode({
      chain,
      blockIntervalMs: options.blockIntervalMs ?? 0,
      extension: createLiveRoutes(chain, {
        ...(gateway ? { jsonRpc: gateway.jsonRpc } : {}),
        routes: [
          ...(vm ? [createNftRoutes(chain, vm)] : []),
          ...[ics721Routes.get(chainId)].filter((r) => r !== undefined),
        ],
      }),
    });
    chains.set(chainId, { chain, node });
  }
  // The EVM chain has no IBC or OPinit: outside the relayer's and executor's topology.
  const evmGenesis = Object.entries(options.genesis?.[EVM_L1.chainId] ?? {}).map(
    ([address, coins]) =>
      [
        evmKey(address),
        Object.fromEntries(Object.entries(coins).map(([d, a]) => [d.startsWith("0x") ? evmKey(d) : d, a])),
      ] as const,
  );
  const evmChain = createLiveChain({
    background: createChain({
      seed: options.seed ?? 1,
      chainId: EVM_L1.chainId,
      maxTxsPerBlock: 0,
      nftTxs: false,
    }),
    genesis: Object.fromEntries(evmGenesis),
  });
  layerZero?.connect(LAYER_ZERO_WETH.evm.eid, {
    chain: evmChain,
    token: LAYER_ZERO_WETH.evm.token,
    decimals: LAYER_ZERO_WETH.decimals,
  });
  const evmNode = await startDevnetNode({
    chain: evmChain,
    blockIntervalMs: options.blockIntervalMs ?? 0,
    extension: createLiveRoutes(evmChain, { jsonRpc: createEvmL1JsonRpc(evmChain, EVM_L1) }),
  });
  chains.set(EVM_L1.chainId, { chain: evmChain, node: evmNode });
  return {
    chains,
    urls: Object.fromEntries([...chains].map(([id, c]) => [id, c.node.url])),
    relayer,
    produce(rounds = 1) {
      for (let i = 0; i < rounds; i++) for (const { node } of chains.values()) node.produceBlocks(1);
    },
    async close() {
      await Promise.all([...chains.values()].map((c) => c.node.close()));
    },
  };
}
