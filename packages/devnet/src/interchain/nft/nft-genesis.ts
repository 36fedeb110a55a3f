/**
 * A live chain's genesis NFTs: collections and tokens owned by given accounts, created the way a
 * real chain shows their creation to an indexer, by txs in the chain's first sealed block. A devnet
 * key (the NFT creator, funded with nothing: its account exists from genesis) signs one tx per
 * collection with the creation and every mint, which run through the chain's own NFT modules
 * (move-nfts.ts, cw721-nfts.ts, erc721-nfts.ts), events and all:
 * - Move: `initia_nft::create_collection`, then `initia_nft::mint(to = owner)` per token;
 * - CosmWasm: `MsgInstantiateContract` of cw721-base, then `mint` per token;
 * - EVM: the ERC-721 is in the genesis state (no MsgCreate), then a MsgCall `safeMint(owner, id, uri)`
 *   per token.
 */
import { MsgExecuteContract, MsgInstantiateContract } from "cosmjs-types/cosmwasm/wasm/v1/tx";
import type { Any } from "cosmjs-types/google/protobuf/any";
import { encodeFunctionData, getAddress, parseAbi } from "viem";
import { bech32Of } from "../../chain/chain-setup.js";
import { createCollectionArgs, mintArgs } from "../../chain/msgs/move-nft-execute.js";
import { CW721_CODE_ID, TYPE_EXECUTE, TYPE_INSTANTIATE } from "../../chain/msgs/wasm-nft-execute.js";
import { msgCallCodec, msgExecuteCodec, TYPE_MSG_CALL, TYPE_MSG_EXECUTE } from "../initia-protos.js";
import type { LiveChain } from "../live-chain/live-chain-types.js";
import { signTx, type TestKey } from "../test-keys.js";
import type { Cw721Nfts } from "./cw721-nfts.js";
import { deployErc721 } from "./erc721-nfts.js";
import type { NftVm } from "./live-nfts.js";
import { evmContractAddress, hexOfBech32 } from "./nft-addresses.js";

/** The name of the devnet key that creates every chain's genesis NFTs (createTestKey). */
export const NFT_CREATOR_KEY = "weft-devnet-nft-creator";

export interface GenesisNftCollection {
  /** The collection's name (a cw721's and an ERC-721's `name()`). */
  name: string;
  /** cw721 / ERC-721 symbol. @default the name's first letters, upper-case */
  symbol?: string;
  /** The Move collection's uri. @default "" */
  uri?: string;
  /** Token ids (decimal on EVM) and their owners (bech32 of the chain's prefix). */
  tokens: { id: string; owner: string; uri?: string }[];
}

const MINT_ABI = parseAbi(["function safeMint(address to, uint256 tokenId, string uri)"]);

const symbolOf = (c: GenesisNftCollection) =>
  c.symbol ??
  (c.name
    .replace(/[^A-Za-z]/g, "")
    .slice(0, 5)
    .toUpperCase() ||
    "NFT");

const tokenUri = (chainId: string, index: number, id: string) =>
  `https://devnet.weft.example/live/${chainId}/${index}/${id}`;

/** The messages that create collection `index` (its contract's instance / nonce) and mint its tokens. */
function creationMessages(options: {
  chain: LiveChain;
  vm: NftVm;
  collection: GenesisNftCollection;
  index: number;
  creator: string;
  cw721?: Cw721Nfts;
}): Any[] {
  const { chain, vm, collection: c, index, creator } = options;
  const uriOf = (t: GenesisNftCollection["tokens"][number]) => t.uri ?? tokenUri(chain.chainId, index, t.id);
  if (vm === "move") {
    const execute = (fn: string, args: Buffer[]) => ({
      typeUrl: TYPE_MSG_EXECUTE,
      value: msgExecuteCodec.encode({
        sender: creator,
        moduleAddress: "0x1",
        moduleName: "initia_nft",
        functionName: fn,
        typeArgs: [],
        args,
      }),
    });
    return [
      execute("create_collection", createCollectionArgs(c.name, c.uri ?? "")),
      ...c.tokens.map((t) =>
        execute(
          "mint",
          mintArgs({ collectionName: c.name, tokenId: t.id, uri: uriOf(t), to: hexOfBech32(t.owner) }),
        ),
      ),
    ];
  }
  if (vm === "wasm") {
    const address = options.cw721?.addressOfInstance(index + 1) ?? "";
    const contract = bech32Of(address, chain.prefix);
    const json = (m: unknown) => Buffer.from(JSON.stringify(m));
    return [
      {
        typeUrl: TYPE_INSTANTIATE,
        value: MsgInstantiateContract.encode({
          sender: creator,
          admin: creator,
          codeId: CW721_CODE_ID,
          label: c.name,
          msg: json({ name: c.name, symbol: symbolOf(c), minter: creator }),
          funds: [],
        }).finish(),
      },
      ...c.tokens.map((t) => ({
        typeUrl: TYPE_EXECUTE,
        value: MsgExecuteContract.encode({
          sender: creator,
          contract,
          msg: json({ mint: { token_id: t.id, owner: t.owner, token_uri: uriOf(t) } }),
          funds: [],
        }).finish(),
      })),
    ];
  }
  const address = evmContractAddress(hexOfBech32(creator), index);
  return c.tokens.map((t) => {
    if (!/^\d+$/.test(t.id)) throw new Error(`an ERC-721 token id is a decimal uint256, not ${t.id}`);
    const to = hexOfBech32(t.owner) as `0x${string}`;
    return {
      typeUrl: TYPE_MSG_CALL,
      value: msgCallCodec.encode({
        sender: creator,
        contractAddr: getAddress(address),
        input: encodeFunctionData({
          abi: MINT_ABI,
          functionName: "safeMint",
          args: [to, BigInt(t.id), uriOf(t)],
        }),
        value: "0",
      }),
    };
  });
}

/**
 * Signs and submits (to the mempool, for the next seal) one tx per collection, signed by `creator`,
 * whose account the chain's genesis must hold.
 * @throws when the chain refuses a tx at CheckTx (a devnet bug, not a test's failure)
 */
export async function submitGenesisNfts(options: {
  chain: LiveChain;
  vm: NftVm;
  collections: GenesisNftCollection[];
  creator: TestKey;
  /** The chain's cw721 module (wasm): it names the contracts the instantiations create. */
  cw721?: Cw721Nfts;
}): Promise<void> {
  const { chain, creator } = options;
  const signer = creator.bech32(chain.prefix);
  for (const [index, collection] of options.collections.entries()) {
    if (options.vm === "evm") {
      const address = evmContractAddress(hexOfBech32(signer), index);
      deployErc721(chain.nfts, {
        address,
        name: collection.name,
        symbol: symbolOf(collection),
        creator: signer,
      });
    }
    const account = chain.account(signer);
    if (!account) throw new Error(`the NFT creator ${signer} has no account on ${chain.chainId}`);
    const raw = await signTx({
      key: creator,
      chainId: chain.chainId,
      accountNumber: account.number,
      sequence: account.sequence,
      messages: creationMessages({ ...options, collection, index, creator: signer }),
      gasLimit: 2_000_000n,
    });
    const admitted = await chain.submit(raw);
    if (admitted.code !== 0)
      throw new Error(`genesis NFTs of ${collection.name} on ${chain.chainId}: ${admitted.log}`);
  }
}
