/**
 * The minimove scenario: every kind of tx a Move rollup's indexer must understand, sent through the
 * node's own CLI, each awaited and read back, recorded in a ledger. Bank sends (one and multi),
 * `0x1::simple_nft` collections, mints (to the creator and to another account), a URI change and a
 * burn, NFT transfers by `0x1::object::transfer_call` and by the generic `0x1::object::transfer`,
 * and fungible transfers by Move (`0x1::coin::transfer`, `0x1::primary_fungible_store::transfer`)
 * that emit only Move FA events, no bank events.
 */

import { getJson, type RealNode } from "../node/index.js";
import { collectionNamed, collectionOf, expectNftTransfer, LedgerBook } from "./ledger-book.js";
import { accountOfMoveAddress, eventsOf, field, objectAddress } from "./move-events.js";
import type { MinimoveLedger, MoveToken } from "./move-ledger.js";
import { executeJson, sendTx } from "./move-tx.js";

const KITTENS = "Weft Real Kittens";
const CATS = "Carol Cats";
/** The NFT type `0x1::object::transfer<T>` is called with: every NFT object holds `0x1::nft::Nft`. */
const NFT_TYPE = "0x1::nft::Nft";
/** simple_nft's own resource, the type its generic entry functions (set_uri, burn) take. */
const SIMPLE_NFT_TYPE = "0x1::simple_nft::SimpleNft";

/** Runs the whole scenario on a fresh minimove node; resolves with its ledger. */
export async function runMinimoveScenario(node: RealNode): Promise<MinimoveLedger> {
  const book = new LedgerBook(node);
  const { ledger } = book;
  const [alice, bob, carol] = [node.account("alice"), node.account("bob"), node.account("carol")];
  const metadata = (
    await getJson<{ metadata: string }>(`${node.restUrl}/initia/move/v1/metadata?denom=${node.denom}`)
  ).metadata;

  // Bank: one send, one multi-send (one signer, two recipients).
  const send = await sendTx(node, "alice", ["bank", "send", "alice", bob.address, `12345${node.denom}`]);
  book.tx("bank send alice -> bob", send, [bob.address]);
  ledger.transfers.push({ hash: send.hash, from: alice.address, to: bob.address, amount: 12345n });
  const multi = await sendTx(node, "bob", [
    "bank",
    "multi-send",
    "bob",
    alice.address,
    carol.address,
    `1000${node.denom}`,
  ]);
  book.tx("bank multi-send bob -> alice, carol", multi, [alice.address, carol.address]);
  for (const to of [alice.address, carol.address])
    ledger.transfers.push({ hash: multi.hash, from: bob.address, to, amount: 1000n });

  const kittens = await createCollection(book, node, "alice", KITTENS);
  await mint(book, node, { from: "alice", collection: kittens, name: KITTENS, tokenId: "kitten-1" });
  await mint(book, node, {
    from: "alice",
    collection: kittens,
    name: KITTENS,
    tokenId: "kitten-2",
    to: bob.address,
  });
  await mint(book, node, { from: "alice", collection: kittens, name: KITTENS, tokenId: "kitten-3" });

  // Two signers at once, so that a block may hold more than one of the scenario's txs.
  const kitten1 = book.token(kittens, "kitten-1");
  const [moved] = await Promise.all([
    sendTx(
      node,
      "alice",
      executeJson({ module: "object", fn: "transfer_call", args: [kitten1.objectAddr, carol.hex] }),
    ),
    createCollection(book, node, "carol", CATS),
  ]);
  book.tx("object::transfer_call kitten-1 alice -> carol", moved, [carol.address]);
  expectNftTransfer(moved, kitten1.objectAddr, carol.address);
  book.touch(kitten1, moved);
  kitten1.owner = carol.address;
  const cats = collectionNamed(ledger, CATS).address;

  // The creator changes the URI of an NFT another account owns.
  const kitten2 = book.token(kittens, "kitten-2");
  const newUri = "https://weft.test/kittens/2b";
  const mutated = await sendTx(
    node,
    "alice",
    executeJson({
      module: "simple_nft",
      fn: "set_uri",
      typeArgs: [SIMPLE_NFT_TYPE],
      args: [kitten2.objectAddr, newUri],
    }),
  );
  book.tx("simple_nft::set_uri kitten-2", mutated);
  const mutation = eventsOf(mutated.events, "0x1::nft::MutationEvent")[0];
  if (!mutation || field(mutation, "new_value") !== newUri)
    throw new Error(`set_uri emitted no MutationEvent`);
  book.touch(kitten2, mutated);
  kitten2.uri = newUri;

  // Its owner moves it on with the generic object::transfer<T>.
  const moved2 = await sendTx(
    node,
    "bob",
    executeJson({
      module: "object",
      fn: "transfer",
      typeArgs: [NFT_TYPE],
      args: [kitten2.objectAddr, carol.hex],
    }),
  );
  book.tx("object::transfer<Nft> kitten-2 bob -> carol", moved2, [carol.address]);
  expectNftTransfer(moved2, kitten2.objectAddr, carol.address);
  book.touch(kitten2, moved2);
  kitten2.owner = carol.address;

  const kitten3 = book.token(kittens, "kitten-3");
  const burned = await sendTx(
    node,
    "alice",
    executeJson({
      module: "simple_nft",
      fn: "burn",
      typeArgs: [SIMPLE_NFT_TYPE],
      args: [kitten3.objectAddr],
    }),
  );
  book.tx("simple_nft::burn kitten-3", burned);
  if (eventsOf(burned.events, "0x1::collection::BurnEvent").length !== 1)
    throw new Error("burn emitted no BurnEvent");
  book.touch(kitten3, burned);
  kitten3.burned = true;
  collectionNamed(ledger, KITTENS).tokens = collectionNamed(ledger, KITTENS).tokens.filter(
    (t) => t.id !== "kitten-3",
  );

  await mint(book, node, {
    from: "carol",
    collection: cats,
    name: CATS,
    tokenId: "cat-1",
    to: alice.address,
  });

  // Fungible transfers by Move: only FA Withdraw/Deposit events move the balances, no bank events.
  const coin = await sendTx(
    node,
    "alice",
    executeJson({ module: "coin", fn: "transfer", args: [bob.hex, metadata, "777"] }),
  );
  book.tx("coin::transfer 777 alice -> bob", coin, [bob.address]);
  ledger.transfers.push({ hash: coin.hash, from: alice.address, to: bob.address, amount: 777n });
  const store = await sendTx(
    node,
    "carol",
    executeJson({
      module: "primary_fungible_store",
      fn: "transfer",
      typeArgs: ["0x1::fungible_asset::Metadata"],
      args: [metadata, alice.hex, "555"],
    }),
  );
  book.tx("primary_fungible_store::transfer 555 carol -> alice", store, [alice.address]);
  ledger.transfers.push({ hash: store.hash, from: carol.address, to: alice.address, amount: 555n });

  return ledger;
}

async function createCollection(
  book: LedgerBook,
  node: RealNode,
  from: string,
  name: string,
): Promise<string> {
  // description, max_supply (none), name, uri, six mutability flags, royalty.
  const args = [
    `${name}: a real-node test collection`,
    null,
    name,
    "https://weft.test/c",
    true,
    true,
    true,
    true,
    true,
    true,
    "0.05",
  ];
  const sent = await sendTx(node, from, executeJson({ module: "simple_nft", fn: "create_collection", args }));
  book.tx(`simple_nft::create_collection ${name}`, sent);
  const created = eventsOf(sent.events, "0x1::collection::CreateCollectionEvent");
  if (created.length !== 1 || field(created[0]!, "name") !== name)
    throw new Error(`create_collection ${name} emitted ${created.length} CreateCollectionEvents`);
  const address = objectAddress(field(created[0]!, "collection"));
  const creator = accountOfMoveAddress(field(created[0]!, "creator"));
  if (creator !== sent.signer)
    throw new Error(`collection ${name}: creator ${creator} is not the signer ${sent.signer}`);
  book.ledger.nftCollections.push({ address, creator, name, height: sent.height, tokens: [] });
  return address;
}

async function mint(
  book: LedgerBook,
  node: RealNode,
  options: { from: string; collection: string; name: string; tokenId: string; to?: string },
): Promise<void> {
  const uri = `https://weft.test/${options.tokenId}`;
  const to = options.to ? node.accounts.find((a) => a.address === options.to)?.hex : undefined;
  // collection name, description, token id, uri, property keys/types/values, recipient (none: the creator).
  const args = [
    options.name,
    `${options.tokenId} of ${options.name}`,
    options.tokenId,
    uri,
    [],
    [],
    [],
    to ?? null,
  ];
  const sent = await sendTx(node, options.from, executeJson({ module: "simple_nft", fn: "mint", args }));
  book.tx(
    `simple_nft::mint ${options.tokenId}${options.to ? " to another account" : ""}`,
    sent,
    options.to ? [options.to] : [],
  );
  const minted = eventsOf(sent.events, "0x1::collection::MintEvent");
  if (minted.length !== 1 || field(minted[0]!, "token_id") !== options.tokenId)
    throw new Error(`mint ${options.tokenId} emitted ${minted.length} MintEvents`);
  if (objectAddress(field(minted[0]!, "collection")) !== options.collection)
    throw new Error(`mint ${options.tokenId} landed in another collection`);
  const objectAddr = objectAddress(field(minted[0]!, "nft"));
  if (options.to) expectNftTransfer(sent, objectAddr, options.to);
  const token: MoveToken = {
    collection: options.collection,
    id: options.tokenId,
    objectAddr,
    owner: options.to ?? sent.signer,
    uri,
    height: sent.height,
    txHashes: [sent.hash],
    burned: false,
  };
  book.ledger.moveTokens.push(token);
  // The shared ledger's view of the same token: the object is shared, so later changes show in both.
  collectionOf(book.ledger, options.collection).tokens.push(token);
}
