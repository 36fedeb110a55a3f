import { describe, expect, it } from "vitest";
import { readFixture } from "../../_test/real-rpc.js";
import { decodeAddress } from "../../chain/addresses.js";
import { addBankDeltas, addErc20Deltas, BalanceLedger } from "./balance-deltas.js";
import { nftChanges, TRANSFER_TOPIC } from "./nft-events.js";
import { nftRows } from "./nft-rows.js";
import type { OutEvent } from "./tx-response.js";

const events = (name: string) =>
  readFixture<{ events: OutEvent[] }>(`initia/${name}.tx_response.json`).events;
const b32 = (s: string) => decodeAddress(s, "init") as Buffer;
const hex = (s: string) => Buffer.from(s.replace(/^0x/, ""), "hex");

const MOO_CW721 = b32("init1qyygux5t4s3a3l25k8psxjydhtudu5lnt0tk0szm8q4s27xa980scjvh6c");
const MOO_MINTER = b32("init1dw49mn7s2r5mskjdmus5hth80zz8wwaywycq06");
const FEE_COLLECTOR = b32("init17xpfvakm2amg962yls6f84z3kell8c5l70rnql");

describe("NFT changes from real txs", () => {
  it("cw721 mint on miniwasm-moo-1: the minted token with its owner and an empty uri", () => {
    const changes = nftChanges(events("miniwasm-moo-1/h415297_wasm_cw721_mint"), "init");
    expect(changes).toEqual([
      { kind: "mint", collection: MOO_CW721, tokenId: "1", owner: MOO_MINTER, uri: "", contract: "cw721" },
    ]);
    expect(nftRows([{ tx: 0, signer: MOO_MINTER, changes }])).toEqual({
      collections: [
        { addr: MOO_CW721, name: null, originName: null, creator: MOO_MINTER, tx: 0, byFirstNamingTx: false },
      ],
      tokens: [{ collection: MOO_CW721, tokenId: "1", owner: MOO_MINTER, uri: "", object: null, tx: 0 }],
      burned: [],
      objects: [],
      txs: [{ collection: MOO_CW721, tokenId: "1", tx: 0 }],
      objectTxs: [],
    });
  });

  it("cw721 transfer_nft on miniwasm-moo-1: the recipient owns token 2, the count is unchanged", () => {
    const changes = nftChanges(events("miniwasm-moo-1/h441805_wasm_cw721_transfer"), "init");
    const recipient = b32("init1veaum7vy45fzw5x4mflskgx5lnmwmxx5wm3x8p");
    expect(changes).toEqual([
      { kind: "transfer", key: { collection: MOO_CW721, tokenId: "2" }, owner: recipient, contract: "cw721" },
    ]);
    const rows = nftRows([{ tx: 3, signer: MOO_MINTER, changes }]);
    expect(rows.collections).toEqual([
      { addr: MOO_CW721, name: null, originName: null, creator: MOO_MINTER, tx: 3, byFirstNamingTx: false },
    ]);
    expect(rows.tokens).toEqual([
      { collection: MOO_CW721, tokenId: "2", owner: recipient, uri: null, object: null, tx: 3 },
    ]);
  });

  it("ICS-721 redemption through a wasm port moves the native token back and names no origin", () => {
    const changes = nftChanges(events("miniwasm-moo-1/h442810_ibc_recv_packet_ics721_wasm_port"), "init");
    expect(changes).toEqual([
      {
        kind: "transfer",
        key: {
          collection: b32("init16yzagwlqrzjkjlnaecam5fwvtzgae5zujtcch7y2uf6q9fyksncquahlaw"),
          tokenId: "4",
        },
        owner: MOO_MINTER,
        contract: "cw721",
      },
    ]);
  });

  it("ICS-721 receive on minievm: the ERC-721 mint log, token id as a decimal, origin name from classData", () => {
    const changes = nftChanges(
      events("minievm-embrmainnet-1/h1607621_ibc_recv_packet_ics721_erc721_minted"),
      "init",
    );
    const contract = hex("83769BeEB7e5405ef0B7dc3C66C43E3a51A6d27f");
    const tokenId = "48635463943209834798109814161294753926839975257569795305637098542720658922315";
    expect(changes).toEqual([
      {
        kind: "mint",
        collection: contract,
        tokenId,
        owner: hex("6baa5dcfd050e9b85a4ddf214baee77884773ba4"),
        contract: "erc721",
      },
      { kind: "origin_name", collection: contract, originName: "Jennie" },
    ]);
    const rows = nftRows([{ tx: 0, signer: MOO_MINTER, changes }]);
    expect(rows.collections).toEqual([
      { addr: contract, name: null, originName: "Jennie", creator: MOO_MINTER, tx: 0, byFirstNamingTx: true },
    ]);
  });

  it("ICS-721 send on minievm burns the voucher: the token goes, the count drops", () => {
    const changes = nftChanges(
      events("minievm-embrmainnet-1/h1607703_ibc_send_packet_ics721_erc721_burned"),
      "init",
    );
    const contract = hex("83769BeEB7e5405ef0B7dc3C66C43E3a51A6d27f");
    const tokenId = "48635463943209834798109814161294753926839975257569795305637098542720658922315";
    // The ERC-20 fee Transfer (3 topics) in the same tx is not an NFT.
    expect(changes).toEqual([{ kind: "burn", key: { collection: contract, tokenId }, contract: "erc721" }]);
    const rows = nftRows([{ tx: 1, signer: undefined, changes }]);
    expect(rows.burned).toEqual([{ collection: contract, tokenId }]);
    expect(rows.tokens).toEqual([]);
    expect(rows.txs).toEqual([{ collection: contract, tokenId, tx: 1 }]);
  });

  it("ICS-721 receive on Move L1: collection created by 0x1, minted to its creator, transferred by object", () => {
    const changes = nftChanges(
      events("l1-interwoven-1/h2090166_ibc_recv_packet_ics721_from_intergaze-1"),
      "init",
    );
    const collection = hex("fa4e6b1a87f3acefcf070ecee04eb1e0ce4c6c5c89b87fe026b99c6ac47b010c");
    const object = hex("5eab800f87ca40210f6905ac31341352575a44246302c5b27f438e978071bf73");
    const receiver = hex("3e1bae25bc4eeb818eab90d51e3af356802d4db9");
    const name = "ibc/0A1FFECF8C217E1630E58ABF7BF857FD7CC762D165DF018D94DACBC8881209E2";
    expect(changes).toEqual([
      { kind: "collection", collection, creator: hex("0000000000000000000000000000000000000001"), name },
      { kind: "mint", collection, tokenId: "6089", object },
      { kind: "transfer", key: { object }, owner: receiver },
      { kind: "origin_name", collection, originName: "TUZI" },
    ]);
    expect(nftRows([{ tx: 2, signer: undefined, changes }])).toEqual({
      collections: [
        {
          addr: collection,
          name,
          originName: "TUZI",
          creator: hex("0000000000000000000000000000000000000001"),
          tx: 2,
          byFirstNamingTx: false,
        },
      ],
      tokens: [{ collection, tokenId: "6089", owner: receiver, uri: "", object, tx: 2 }],
      burned: [],
      objects: [],
      txs: [{ collection, tokenId: "6089", tx: 2 }],
      objectTxs: [],
    });
  });

  it("keeps changes to Move tokens minted earlier keyed by object; a mint then burn in one block leaves a delete", () => {
    const object = hex("aa".repeat(32));
    const collection = hex("bb".repeat(32));
    const owner = hex("cc".repeat(20));
    const rows = nftRows([
      { tx: 0, signer: owner, changes: [{ kind: "transfer", key: { object }, owner }] },
      { tx: 1, signer: owner, changes: [{ kind: "mutate", key: { object }, uri: "ipfs://x" }] },
      {
        tx: 2,
        signer: owner,
        changes: [
          { kind: "mint", collection, tokenId: "7", owner },
          { kind: "burn", key: { collection, tokenId: "7" } },
        ],
      },
    ]);
    expect(rows.objects).toEqual([{ object, owner, uri: "ipfs://x", burned: false, tx: 1 }]);
    expect(rows.objectTxs).toEqual([
      { object, tx: 0 },
      { object, tx: 1 },
    ]);
    expect(rows.tokens).toEqual([]);
    expect(rows.burned).toEqual([{ collection, tokenId: "7" }]);
    expect(rows.collections).toEqual([
      { addr: collection, name: null, originName: null, creator: owner, tx: 2, byFirstNamingTx: false },
    ]);
  });
});

describe("rich-list balance deltas from real txs", () => {
  it("bank coin_spent/coin_received on miniwasm-moo-1 (the fee): one debit, one credit", () => {
    const ledger = new BalanceLedger();
    addBankDeltas(ledger, events("miniwasm-moo-1/h415297_wasm_cw721_mint"), "init");
    const denom = "ibc/37A3FB4FED4CA04ED6D9E5DA36C6D27248645F0E22F585576A1488B8A89C5A50";
    expect(ledger.deltas()).toEqual([
      { denom, account: MOO_MINTER, amount: -3503n },
      { denom, account: FEE_COLLECTOR, amount: 3503n },
    ]);
  });

  it("ERC-20 Transfer logs on minievm: the fee moves, a self-transfer nets to nothing; bank mirrors are ignored", () => {
    const ledger = new BalanceLedger();
    const txEvents = events("minievm-yominet-1/h11671668_bank_send_with_evm_logs");
    addErc20Deltas(ledger, txEvents);
    const denom = "0xe1ff7038eaaaf027031688e1535a055b2bac2546";
    expect(ledger.deltas()).toEqual([
      { denom, account: hex("b395c9f2e84f75b1686fcdc62f8cb62a572b7820"), amount: -0xc1df4c2ec0n },
      { denom, account: hex("f1829676db577682e944fc3493d451b67ff3e29f"), amount: 0xc1df4c2ec0n },
    ]);
    expect(0xc1df4c2ec0n).toBe(832675000000n);
  });

  it("ERC-721 Transfers (4 topics) are not balances", () => {
    const ledger = new BalanceLedger();
    addErc20Deltas(ledger, events("minievm-embrmainnet-1/h1607621_ibc_recv_packet_ics721_erc721_minted"));
    expect(ledger.deltas()).toEqual([]);
  });
});

describe("several logs in one evm event (minievm emits one attribute per log)", () => {
  it("reads every log: an ERC-20 fee, an ERC-721 mint and an ERC-721 transfer", () => {
    const word = (hex: string) => `0x${hex.padStart(64, "0")}`;
    const token = "e1ff7038eaaaf027031688e1535a055b2bac2546";
    const nft = "83769beeb7e5405ef0b7dc3c66c43e3a51a6d27f";
    const [a, b] = ["aa".repeat(20), "bb".repeat(20)];
    const log = (address: string, topics: string[], data: string) => ({
      key: "log",
      value: JSON.stringify({ address: `0x${address}`, topics, data }),
    });
    const evmEvents: OutEvent[] = [
      {
        type: "evm",
        attributes: [
          log(token, [TRANSFER_TOPIC, word(a), word(b)], word("64")),
          log(nft, [TRANSFER_TOPIC, word(""), word(a), word("7")], "0x"),
          log(nft, [TRANSFER_TOPIC, word(a), word(b), word("7")], "0x"),
          { key: "msg_index", value: "0" },
        ],
      },
    ];
    expect(nftChanges(evmEvents, "init")).toEqual([
      { kind: "mint", collection: hex(nft), tokenId: "7", owner: hex(a), contract: "erc721" },
      { kind: "transfer", key: { collection: hex(nft), tokenId: "7" }, owner: hex(b), contract: "erc721" },
    ]);
    const ledger = new BalanceLedger();
    addErc20Deltas(ledger, evmEvents);
    expect(ledger.deltas()).toEqual([
      { denom: `0x${token}`, account: hex(a), amount: -100n },
      { denom: `0x${token}`, account: hex(b), amount: 100n },
    ]);
  });
});

describe("a collection named again in a later block of the same write", () => {
  it("keeps the first touching tx's creator, as writing the blocks one by one does", () => {
    const contract = Buffer.alloc(20, 0xee);
    const first = Buffer.alloc(20, 0x14);
    const later = Buffer.alloc(20, 0x9a);
    // What the ERC-721 reader gives two blocks of one write: the collection named before its first
    // change in each block, with that block's signer as the creator.
    const block = (tx: number, signer: Buffer, tokenId: string) => ({
      tx,
      signer,
      changes: [
        { kind: "collection" as const, collection: contract, name: "Evm Cats", creator: signer },
        { kind: "transfer" as const, key: { collection: contract, tokenId }, owner: signer },
      ],
    });
    const grouped = nftRows([block(0, first, "48"), block(7, later, "49")]);
    const alone = nftRows([block(0, first, "48")]);
    expect(grouped.collections).toHaveLength(1);
    expect(grouped.collections[0]?.creator).toEqual(first);
    expect(grouped.collections[0]?.creator).toEqual(alone.collections[0]?.creator);
    expect(grouped.collections[0]?.tx).toBe(0);
  });

  it("lets a collection's own creation event name its creator over the tx's signer", () => {
    const collection = Buffer.alloc(32, 0xc2);
    const creator = Buffer.alloc(20, 0x01);
    const signer = Buffer.alloc(20, 0xb0);
    const rows = nftRows([
      {
        tx: 3,
        signer,
        changes: [
          { kind: "collection", collection, creator, name: "Move Cats" },
          { kind: "mint", collection, tokenId: "cat", object: Buffer.alloc(32, 0x0b) },
        ],
      },
    ]);
    expect(rows.collections[0]?.creator).toEqual(creator);
  });
});
