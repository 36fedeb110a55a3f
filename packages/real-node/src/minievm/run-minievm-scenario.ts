/**
 * The minievm scenario: every kind of tx Weft indexes on an EVM rollup, sent for real, with a ledger
 * of what was sent. Bank sends via the CLI; with viem on JSON-RPC: an ERC-20 (deploy, transfers), an
 * ERC-721 (deploy by one account, mints by several, transfers), a relay contract whose calls make
 * internal calls (CALL into the token, CREATE of a child, value forwarding), and plain value transfers.
 * Txs go one after another (each waits for its block): nonces and sequences stay trivially right, and
 * the ledger's heights are the node's.
 */
import { type Address, getAddress, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAddress } from "viem/accounts";
import type { Ledger, LedgerNftCollection, LedgerTx } from "../checks/ledger.js";
import type { RealNode } from "../node/start-node.js";
import { bankSend } from "./bank-sends.js";
import { type CompiledContract, compileContracts } from "./compile-contracts.js";
import { type EvmSent, sendEvm, sendValue } from "./evm-sends.js";
import { type EvmWallet, evmClients } from "./evm-wallets.js";
import { bech32Of } from "./tx-records.js";

export interface MinievmScenario {
  ledger: Ledger;
  token: Address;
  nft: Address;
  relay: Address;
  /** The contract `relay.spawn()` created. */
  child: Address;
}

const E18 = 10n ** 18n;

/** A fresh address no key in the keyring has: an account that only ever receives. */
function strangerAddress(): Address {
  return privateKeyToAddress(generatePrivateKey());
}

export async function runMinievmScenario(node: RealNode): Promise<MinievmScenario> {
  const contracts = compileContracts();
  const clients = await evmClients(node);
  const w = (name: string): EvmWallet => {
    const wallet = clients.wallets[name];
    if (!wallet) throw new Error(`no wallet ${name}`);
    return wallet;
  };
  const [validator, alice, bob, carol] = [w("validator"), w("alice"), w("bob"), w("carol")];
  const txs: LedgerTx[] = [];
  const keep = (sent: EvmSent) => {
    txs.push(sent.tx);
    return sent;
  };
  const stranger1 = strangerAddress();
  const stranger2 = strangerAddress();

  // Bank sends through the CLI: several signers, a recipient the keyring does not know.
  for (const send of [
    { from: "validator", to: node.account("alice").address, amount: `${5n * E18}GAS` },
    { from: "alice", to: node.account("bob").address, amount: `${2n * E18}GAS` },
    { from: "bob", to: node.account("carol").address, amount: `${E18}GAS` },
    { from: "carol", to: bech32Of(stranger1), amount: "12345GAS" },
  ]) {
    txs.push(await bankSend(node, send));
  }

  const deploy = (label: string, from: EvmWallet, c: CompiledContract, args: unknown[]) =>
    sendEvm(node, clients, {
      label,
      from,
      send: () => from.wallet.deployContract({ abi: c.abi, bytecode: c.bytecode, args }),
    }).then(keep);
  const call = (o: {
    label: string;
    from: EvmWallet;
    c: CompiledContract;
    to: Address;
    fn: string;
    args: unknown[];
    touches: Address[];
    value?: bigint;
  }) =>
    sendEvm(node, clients, {
      label: o.label,
      from: o.from,
      touches: [o.to, ...o.touches],
      send: () =>
        o.from.wallet.writeContract({
          address: o.to,
          abi: o.c.abi,
          functionName: o.fn,
          args: o.args,
          ...(o.value === undefined ? {} : { value: o.value }),
        }) as Promise<Hex>,
    }).then(keep);
  const contract = (name: string): CompiledContract => {
    const c = contracts[name];
    if (!c) throw new Error(`contract ${name} did not compile`);
    return c;
  };
  const Token = contract("TierToken");
  const Nft = contract("TierNft");
  const Relay = contract("TierRelay");
  const addr = (a: EvmWallet) => a.account.address;
  const createdBy = (sent: EvmSent): Address => getAddress(sent.receipt.contractAddress!);

  // ERC-20: the whole supply to the deployer, then a chain of transfers.
  const token = createdBy(
    await deploy("deploy TierToken", validator, Token, ["Tier Token", "TIER", 10n ** 24n]),
  );
  const transfer = (from: EvmWallet, to: Address, value: bigint, label: string) =>
    call({ label, from, c: Token, to: token, fn: "transfer", args: [to, value], touches: [to] });
  await transfer(validator, addr(alice), 1000n * E18, "TIER validator -> alice");
  await transfer(alice, addr(bob), 100n * E18, "TIER alice -> bob");
  await transfer(bob, addr(carol), 10n * E18, "TIER bob -> carol");

  // ERC-721: deployed by alice (the collection's creator), minted by several accounts, then moved.
  const nftDeploy = await deploy("deploy TierNft", alice, Nft, ["Tier Nft", "TNFT"]);
  const nft = createdBy(nftDeploy);
  const mint = (from: EvmWallet, to: Address, id: bigint) =>
    call({
      label: `TNFT mint #${id} by ${from.name}`,
      from,
      c: Nft,
      to: nft,
      fn: "mint",
      args: [to, id, `ipfs://tier/${id}`],
      touches: [to],
    });
  const move = (from: EvmWallet, to: Address, id: bigint) =>
    call({
      label: `TNFT #${id} ${from.name} -> ${to}`,
      from,
      c: Nft,
      to: nft,
      fn: "transferFrom",
      args: [addr(from), to, id],
      touches: [to],
    });
  const mint1 = await mint(alice, addr(alice), 1n);
  const mint2 = await mint(bob, addr(bob), 2n);
  const mint3 = await mint(alice, addr(carol), 3n);
  const move1 = await move(alice, addr(bob), 1n);
  const move3 = await move(carol, addr(alice), 3n);

  // Internal calls: relay CALLs the token, spawn CREATEs and CALLs a child, forward passes value on.
  const relay = createdBy(await deploy("deploy TierRelay", carol, Relay, []));
  await transfer(validator, relay, 50n * E18, "TIER validator -> relay");
  await call({
    label: "relay TIER to bob",
    from: carol,
    c: Relay,
    to: relay,
    fn: "relay",
    args: [token, addr(bob), 5n * E18],
    touches: [token, addr(bob)],
  });
  const spawned = await call({
    label: "relay spawn",
    from: carol,
    c: Relay,
    to: relay,
    fn: "spawn",
    args: [],
    touches: [],
  });
  const child = childOf(spawned);
  spawned.tx.recipients.push(bech32Of(child));
  await call({
    label: "relay forward value to alice",
    from: bob,
    c: Relay,
    to: relay,
    fn: "forward",
    args: [addr(alice)],
    value: E18 / 2n,
    touches: [addr(alice)],
  });

  // Plain value transfers (EVM txs without calldata).
  keep(
    await sendValue(node, clients, {
      label: "value alice -> carol",
      from: alice,
      to: addr(carol),
      value: E18,
    }),
  );
  keep(
    await sendValue(node, clients, { label: "value bob -> stranger", from: bob, to: stranger2, value: 777n }),
  );

  const uri = (id: number) => `ipfs://tier/${id}`;
  const collection: LedgerNftCollection = {
    address: nft.toLowerCase(),
    name: "Tier Nft",
    creator: bech32Of(addr(alice)),
    height: nftDeploy.tx.height,
    tokens: [
      { id: "1", owner: bech32Of(addr(bob)), uri: uri(1), txHashes: [mint1.tx.hash, move1.tx.hash] },
      { id: "2", owner: bech32Of(addr(bob)), uri: uri(2), txHashes: [mint2.tx.hash] },
      { id: "3", owner: bech32Of(addr(alice)), uri: uri(3), txHashes: [mint3.tx.hash, move3.tx.hash] },
    ],
  };
  const people = [validator, alice, bob, carol].map((a) => bech32Of(addr(a)));
  return {
    token,
    nft,
    relay,
    child,
    ledger: {
      chainId: node.chainId,
      vm: "evm",
      txs,
      nftCollections: [collection],
      richLists: [
        {
          denom: node.denom,
          source: { kind: "bank", denom: node.denom },
          accounts: [...people, bech32Of(stranger1), bech32Of(stranger2)],
        },
        {
          denom: token.toLowerCase(),
          source: { kind: "erc20", contract: token },
          accounts: [...people, bech32Of(relay)],
        },
      ],
    },
  };
}

/** The child `spawn()` created, from its `Spawned(address)` log (data = the address, left-padded). */
function childOf(sent: EvmSent): Address {
  const log = sent.receipt.logs.find((l) => l.topics.length === 1 && l.data.length === 66);
  if (!log) throw new Error("relay spawn: no Spawned log");
  return getAddress(`0x${log.data.slice(26)}`);
}
