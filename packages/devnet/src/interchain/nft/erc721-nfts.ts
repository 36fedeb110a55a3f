/**
 * ERC-721 NFTs on the live minievm rollup, modelled on minievm's own ERC721 (OpenZeppelin v5, custom
 * errors): `transferFrom`, `safeTransferFrom` (to an account: there is no receiver contract to ask),
 * `approve` and the owner's `safeMint(to, id, uri)` (as OpenZeppelin's wizard writes it), reached
 * through the rollup's MsgCall handler (evm-gateway.ts hands it calls to these contracts), and the views a wallet or indexer calls (`ownerOf`, `name`,
 * `symbol`, `tokenURI`, `balanceOf`, `getApproved`). A successful call emits what minievm emits:
 * `call` and an `evm` event with the Transfer / Approval logs (chain/msgs/evm-call.ts). A revert is
 * minievm's RevertError: code 23, codespace evm, log "Reverted" (a custom error has no reason
 * string to show), and the call changes nothing.
 *
 * Contracts are deployed at genesis (nft-genesis.ts), not by a MsgCreate tx: an indexer meets an
 * ERC-721 at its first Transfer log, which the genesis mints emit.
 */
import {
  decodeFunctionData,
  encodeErrorResult,
  encodeFunctionResult,
  getAddress,
  type Hex,
  parseAbi,
  toEventSelector,
} from "viem";
import { bech32Of } from "../../chain/chain-setup.js";
import { abiString, erc721Transfer, type Log } from "../../chain/evm-scenarios.js";
import { evmCallEvents } from "../../chain/msgs/evm-call.js";
import type { AbciEvent } from "../../payloads.js";
import type { msgCallCodec } from "../initia-protos.js";
import type { ExecContext } from "../live-chain/live-chain-types.js";
import { TxFailure } from "../live-chain/tx-failure.js";
import type { LiveNfts } from "./live-nfts.js";
import { hexOfBech32 } from "./nft-addresses.js";

const ABI = parseAbi([
  "function transferFrom(address from, address to, uint256 tokenId)",
  "function safeTransferFrom(address from, address to, uint256 tokenId)",
  "function safeTransferFrom(address from, address to, uint256 tokenId, bytes data)",
  "function approve(address to, uint256 tokenId)",
  "function safeMint(address to, uint256 tokenId, string uri)",
  "function ownerOf(uint256 tokenId) view returns (address)",
  "function name() view returns (string)",
  "function symbol() view returns (string)",
  "function tokenURI(uint256 tokenId) view returns (string)",
  "function balanceOf(address owner) view returns (uint256)",
  "function getApproved(uint256 tokenId) view returns (address)",
  "error ERC721NonexistentToken(uint256 tokenId)",
  "error ERC721InsufficientApproval(address operator, uint256 tokenId)",
  "error ERC721IncorrectOwner(address sender, uint256 tokenId, address owner)",
  "error ERC721InvalidReceiver(address receiver)",
  "error ERC721InvalidSender(address sender)",
  "error ERC721InvalidApprover(address approver)",
  "error OwnableUnauthorizedAccount(address account)",
]);
const APPROVAL_TOPIC = toEventSelector("Approval(address,address,uint256)");
const ZERO = "0x0000000000000000000000000000000000000000";

type ErrorName = Extract<(typeof ABI)[number], { type: "error" }>["name"];

/** A revert with one of the contract's custom errors: its ABI-encoded data. */
class Revert extends Error {
  constructor(readonly data: Hex) {
    super("Reverted");
  }
}
const revert = (errorName: ErrorName, args: readonly unknown[]): Revert =>
  new Revert(encodeErrorResult({ abi: ABI, errorName, args } as Parameters<typeof encodeErrorResult>[0]));

const word = (hex: string) => `0x${hex.replace(/^0x/, "").toLowerCase().padStart(64, "0")}`;
const addressOf = (bech32: string) => getAddress(hexOfBech32(bech32));

/** The ERC-721 a genesis deploys: its state entry, created outside any tx (height 0). */
export function deployErc721(
  nfts: LiveNfts,
  c: { address: string; name: string; symbol: string; creator: string },
): void {
  nfts.addCollection({ height: 0, journal: [] }, { ...c, standard: "erc721", uri: "", minter: c.creator });
}

export interface Erc721Contracts {
  serves(contract: string): boolean;
  /** Runs a MsgCall to one of the contracts: its events, or a TxFailure when it reverts. */
  call(ctx: ExecContext, call: ReturnType<typeof msgCallCodec.decode>): AbciEvent[];
}

export function erc721Contracts(nfts: LiveNfts, prefix: string): Erc721Contracts {
  const serves = (contract: string) => nfts.collection(contract)?.standard === "erc721";
  return {
    serves,
    call(ctx, call) {
      const contract = call.contractAddr.toLowerCase();
      const checksummed = getAddress(contract);
      const sender = hexOfBech32(call.sender);
      try {
        if (BigInt(call.value || "0") > 0n) throw new Revert("0x");
        let decoded: ReturnType<typeof decodeFunctionData<typeof ABI>>;
        try {
          decoded = decodeFunctionData({ abi: ABI, data: call.input as Hex });
        } catch {
          throw new Revert("0x");
        }
        const logs: Log[] = [];
        const tokenOf = (id: bigint) => {
          const token = nfts.token(contract, id.toString());
          if (!token) throw revert("ERC721NonexistentToken", [id]);
          return token;
        };
        switch (decoded.functionName) {
          case "transferFrom":
          case "safeTransferFrom": {
            const [from, to, id] = decoded.args;
            if (BigInt(to) === 0n) throw revert("ERC721InvalidReceiver", [ZERO]);
            const token = tokenOf(id);
            const owner = addressOf(nfts.ownerAt(token) ?? "");
            const approved = token.approved !== undefined && BigInt(token.approved) === BigInt(sender);
            if (BigInt(owner) !== BigInt(sender) && !approved)
              throw revert("ERC721InsufficientApproval", [getAddress(sender), id]);
            if (BigInt(owner) !== BigInt(from)) throw revert("ERC721IncorrectOwner", [from, id, owner]);
            nfts.transfer(ctx, token, bech32Of(to, prefix));
            logs.push(erc721Transfer(checksummed, owner.toLowerCase(), to.toLowerCase(), id));
            break;
          }
          case "approve": {
            const [to, id] = decoded.args;
            const token = tokenOf(id);
            const owner = addressOf(nfts.ownerAt(token) ?? "");
            if (BigInt(owner) !== BigInt(sender)) throw revert("ERC721InvalidApprover", [getAddress(sender)]);
            nfts.approve(ctx, token, BigInt(to) === 0n ? undefined : to.toLowerCase());
            logs.push({
              address: checksummed,
              topics: [APPROVAL_TOPIC, word(owner), word(to), word(id.toString(16))],
              data: "0x",
            });
            break;
          }
          case "safeMint": {
            const [to, id, uri] = decoded.args;
            const minter = nfts.collection(contract)?.minter ?? "";
            if (minter !== call.sender) throw revert("OwnableUnauthorizedAccount", [getAddress(sender)]);
            if (BigInt(to) === 0n) throw revert("ERC721InvalidReceiver", [ZERO]);
            if (nfts.token(contract, id.toString())) throw revert("ERC721InvalidSender", [ZERO]);
            nfts.mint(ctx, {
              collection: contract,
              tokenId: id.toString(),
              uri,
              owner: bech32Of(to, prefix),
            });
            logs.push(erc721Transfer(checksummed, ZERO, to.toLowerCase(), id));
            break;
          }
          default:
            // A view function called in a tx changes nothing and logs nothing.
            return evmCallEvents(
              checksummed,
              view(nfts, contract, call.input, Number.POSITIVE_INFINITY) ?? "0x",
              [],
            );
        }
        return evmCallEvents(checksummed, "0x", logs);
      } catch (err) {
        if (err instanceof Revert) throw new TxFailure(23, "Reverted", "evm");
        throw err;
      }
    },
  };
}

/**
 * `eth_call` of a live ERC-721 after block `height`: the ABI-encoded result, `{revert}` with the
 * custom error's data, or undefined when `to` is no live ERC-721 (the caller asks elsewhere).
 */
export function erc721EthCall(
  nfts: LiveNfts,
  to: string,
  data: string,
  height: number,
): { output: Hex } | { revert: Hex } | undefined {
  if (nfts.collection(to)?.standard !== "erc721") return undefined;
  try {
    const output = view(nfts, to.toLowerCase(), data, height);
    return output === undefined ? { revert: "0x" } : { output };
  } catch (err) {
    if (err instanceof Revert) return { revert: err.data };
    throw err;
  }
}

/** The view functions' results; undefined for a call that is not one; throws Revert. */
function view(nfts: LiveNfts, contract: string, data: string, height: number): Hex | undefined {
  let decoded: ReturnType<typeof decodeFunctionData<typeof ABI>>;
  try {
    decoded = decodeFunctionData({ abi: ABI, data: data as Hex });
  } catch {
    return undefined;
  }
  const collection = nfts.collection(contract);
  const owned = (id: bigint) => {
    const token = nfts.token(contract, id.toString());
    const owner = token && nfts.ownerAt(token, height);
    if (!token || owner === undefined) throw revert("ERC721NonexistentToken", [id]);
    return { token, owner: addressOf(owner) };
  };
  const result = (value: unknown) =>
    encodeFunctionResult({ abi: ABI, functionName: decoded.functionName, result: value } as Parameters<
      typeof encodeFunctionResult
    >[0]);
  switch (decoded.functionName) {
    case "name":
      return abiString(collection?.name ?? "") as Hex;
    case "symbol":
      return abiString(collection?.symbol ?? "") as Hex;
    case "ownerOf":
      return result(owned(decoded.args[0]).owner);
    case "tokenURI":
      return abiString(owned(decoded.args[0]).token.uri) as Hex;
    case "getApproved":
      return result(owned(decoded.args[0]).token.approved ?? ZERO);
    case "balanceOf": {
      const holder = BigInt(decoded.args[0]);
      const count = nfts.tokens(contract).filter((t) => {
        const owner = nfts.ownerAt(t, height);
        return owner !== undefined && BigInt(hexOfBech32(owner)) === holder;
      }).length;
      return result(BigInt(count));
    }
    default:
      return undefined;
  }
}
