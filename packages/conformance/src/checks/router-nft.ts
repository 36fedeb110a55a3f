/**
 * `POST /nft` laws, on an NFT the indexer under test lists: its owner sends it on the same chain
 * to another account, as Initia's wallet asks, and gets messages of the chain's own VM signed by
 * that owner; the same request to an address of another chain's prefix is refused. Needs both
 * URLs: the token comes from the indexer, the messages from the router.
 */
import { bech32 } from "bech32";
import { fail, pass, skip } from "../check.js";
import { type ChainInfo, conforms, type Law, lawChecks, rejects } from "./router.js";

/**
 * The amino message type of a same-chain send of this token, by its VM as the indexer's own shape
 * tells it (`/v2/info/chains` says only cosmos or evm): a Move token has its object address, an
 * ERC-721 is a 20-byte contract, a cw721 a 32-byte one without objects.
 */
function expectedType(token: { collectionAddr: string; objectAddr: string }): string {
  if (token.objectAddr !== "") return "move/MsgExecute";
  return /^0x[0-9a-fA-F]{40}$/.test(token.collectionAddr) ? "evm/MsgCall" : "wasm/MsgExecuteContract";
}

/** A fixed 20-byte recipient, spelled with a prefix. */
const recipient = (prefix: string) => bech32.encode(prefix, bech32.toWords(new Uint8Array(20).fill(0x22)));

const sameChainLaw: Law = async (ctx, probe) => {
  if (!ctx.contract.byId("getNftMsgs")) return skip("the contract does not document POST /nft");
  const chainId = ctx.discovery.chainId;
  const token = ctx.discovery.nft?.token;
  const tokenId = ctx.discovery.nft?.tokenId;
  if (!chainId || !token || tokenId === undefined)
    return skip("the indexer lists no NFT token with its owner (or no chain id in /status)");
  const chains = ((await probe.get("/v2/info/chains")).json as { chains?: ChainInfo[] } | undefined)?.chains;
  const chain = chains?.find((c) => c.chain_id === chainId);
  if (!chain) return skip(`the indexer's chain ${chainId} is not listed by the router`);
  const expected = expectedType(token);
  const body = {
    from_address: token.owner,
    from_chain_id: chainId,
    to_address: recipient(chain.bech32_prefix),
    to_chain_id: chainId,
    collection_address: token.collectionAddr,
    token_ids: [tokenId],
    object_addresses: [token.objectAddr],
  };
  const res = await probe.post("/nft", body);
  const problem = conforms(ctx, "getNftMsgs", res);
  if (problem) return fail(`POST /nft of ${token.collectionAddr} #${tokenId}: ${problem}`);
  const msgs = (res.json as { msgs: { type: string; value: { sender?: string } }[] }).msgs;
  const wrong = msgs.find(
    (m) => m.type !== expected || m.value.sender?.toLowerCase() !== token.owner.toLowerCase(),
  );
  if (wrong) {
    return fail(
      `a same-chain send of ${token.collectionAddr} on ${chainId} must be ${expected} messages signed by the owner ${token.owner}; got ${wrong.type} from ${wrong.value.sender}`,
    );
  }
  const foreign = rejects(
    ctx,
    "getNftMsgs",
    await probe.post("/nft", {
      ...body,
      to_address: recipient(chain.bech32_prefix === "cosmos" ? "init" : "cosmos"),
    }),
    "POST /nft to an address of another chain's prefix",
  );
  return foreign ? fail(foreign) : pass(`${msgs.length} ${expected} for ${token.collectionAddr} #${tokenId}`);
};

export const routerNftChecks = () =>
  lawChecks([
    {
      id: "router.nft",
      title:
        "POST /nft: a same-chain send of a listed NFT is messages of the chain's VM signed by its owner; another chain's address is a 4xx",
      law: sameChainLaw,
    },
  ]);
