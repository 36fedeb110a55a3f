/**
 * `POST /nft` over HTTP on the devnet registry, with the bodies Initia's wallet builds. Every answer
 * must survive `@initia/amino-converter` both ways unchanged (what the wallet signs is what was
 * sent) and encode as protobuf; the arguments inside (BCS, ABI calldata, ics721 messages, the L1
 * hook's memo) are decoded here with independent code and compared with what each chain must get.
 * Response validation is on: every 200 also conforms to the spec.
 */
import { aminoTypes, registry as protoRegistry } from "@initia/amino-converter";
import { sha256 } from "@noble/hashes/sha2.js";
import { sha3_256 } from "@noble/hashes/sha3.js";
import { bech32 } from "bech32";
import { decodeFunctionData, parseAbi } from "viem";
import { describe, expect, it } from "vitest";
import { type Json, jsonCalls } from "../_test/json-call.js";
import { createTestApp, serveForTests } from "../_test/test-app.js";
import { useTestDatabase } from "../_test/test-database.js";
import { loadSpecDocument } from "../spec-document.js";
import { loadRegistry } from "./registry/load-registry.js";

const NOW_MS = Date.UTC(2026, 10, 28, 10, 0, 0);
const TIMEOUT_NS = (BigInt(NOW_MS / 1000) + 1800n) * 1_000_000_000n;
const database = useTestDatabase();
const devnet = loadRegistry("devnet");
const url = serveForTests(() =>
  createTestApp({ db: database().db, router: { registry: devnet, now: () => NOW_MS } }),
);
const { post } = jsonCalls(url);

const ALICE = "init1f9qwat48ldgxrmssvpvpk3tea8l72mksvzm62v";
const BOB = "init1pre0xgzs92j9dzjyx2v2xh90sk0yldpxf38htl";
const bytesOf = (address: string) => Uint8Array.from(bech32.fromWords(bech32.decode(address).words));
const hexOf = (b: Uint8Array) => Buffer.from(b).toString("hex");
const pad32 = (b: Uint8Array) => `${"00".repeat(32 - b.length)}${hexOf(b)}`;
const ERC721 = "0x5fbdb2315678afecb367f032d93f642f64180aa3";
const CW721_HEX = `0x${"ab".repeat(32)}`;
const CW721 = bech32.encode("init", bech32.toWords(Buffer.from("ab".repeat(32), "hex")));
const MOVE_COLLECTION = "3c7a0c5ad5b3a3e5b1e8b0d1c2f3a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5";
const OBJECT = "0x9a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f9";
const ICS721 = devnet
  .chain("weft-wasm-1")
  ?.ibc_channels.find((c) => c.version === "ics721-1")
  ?.port_id.slice("wasm.".length);

/** The wallet's body: `object_addresses` carries the indexer's `object_addr` ("" off Move). */
const body = (from: string, to: string, extra: Record<string, unknown>) => ({
  from_address: ALICE,
  from_chain_id: from,
  to_address: BOB,
  to_chain_id: to,
  collection_address: "",
  token_ids: ["7"],
  object_addresses: [""],
  ...extra,
});

/** The msgs of a 200, checked to be exactly what the wallet's converter makes and signs. */
async function msgsOf(request: Record<string, unknown>): Promise<Json[]> {
  const res = await post("/nft", request);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  for (const msg of res.body.msgs) {
    const proto = aminoTypes.fromAmino(msg);
    expect(aminoTypes.toAmino(proto)).toEqual(msg);
    expect(protoRegistry.encode(proto).length).toBeGreaterThan(0);
  }
  return res.body.msgs;
}

/** BCS readers, written apart from the server's encoders. */
function bcsStringsOf(bytes: Buffer): string[] {
  const out: string[] = [];
  let at = 0;
  const uleb = () => {
    let n = 0;
    let shift = 0;
    for (;;) {
      const b = bytes[at++] as number;
      n |= (b & 0x7f) << shift;
      if (!(b & 0x80)) return n;
      shift += 7;
    }
  };
  const count = uleb();
  for (let i = 0; i < count; i++) {
    const len = uleb();
    out.push(bytes.subarray(at, at + len).toString());
    at += len;
  }
  return out;
}
const bcsStringOf = (bytes: Buffer) => bcsStringsOf(Buffer.concat([Buffer.from([1]), bytes]))[0];
const ibcClass = (path: string) => `ibc/${hexOf(sha256(new TextEncoder().encode(path))).toUpperCase()}`;
const objectFromSeed = (seed: string) =>
  hexOf(
    sha3_256(
      Buffer.concat([
        Buffer.from(pad32(Uint8Array.from([1])), "hex"),
        Buffer.from(seed),
        Buffer.from([0xfe]),
      ]),
    ),
  );

describe("POST /nft on the same chain", () => {
  it("Move: 0x1::object::transfer_call of each object to the recipient, as BCS addresses", async () => {
    const msgs = await msgsOf(
      body("weft-devnet-1", "weft-devnet-1", {
        collection_address: `0x${MOVE_COLLECTION}`,
        object_addresses: [OBJECT],
      }),
    );
    expect(msgs).toHaveLength(1);
    const { value } = msgs[0];
    expect(value).toMatchObject({
      sender: ALICE,
      module_address: "0x1",
      module_name: "object",
      function_name: "transfer_call",
    });
    const [object, to] = value.args.map((a: string) => Buffer.from(a, "base64").toString("hex"));
    expect(object).toBe(OBJECT.slice(2));
    expect(to).toBe(pad32(bytesOf(BOB)));
  });

  it("minievm: ERC-721 transferFrom(owner, recipient, id) as a MsgCall with 0x input and no value", async () => {
    const msgs = await msgsOf(
      body("weft-evm-1", "weft-evm-1", {
        collection_address: ERC721,
        token_ids: ["7", "115792089237316195423570985008687907853269984665640564039457584007913129639935"],
      }),
    );
    expect(msgs.map((m) => m.type)).toEqual(["evm/MsgCall", "evm/MsgCall"]);
    const call = decodeFunctionData({
      abi: parseAbi(["function transferFrom(address from, address to, uint256 tokenId)"]),
      data: msgs[0].value.input,
    });
    expect(msgs[0].value.input.slice(0, 10)).toBe("0x23b872dd");
    expect(call.args).toEqual(
      [`0x${hexOf(bytesOf(ALICE))}`, `0x${hexOf(bytesOf(BOB))}`, 7n].map((a) =>
        typeof a === "string" ? expect.stringMatching(new RegExp(`^${a}$`, "i")) : a,
      ),
    );
    expect(msgs[0].value).toMatchObject({ sender: ALICE, contract_addr: ERC721, value: "0" });
    expect(
      decodeFunctionData({
        abi: parseAbi(["function transferFrom(address,address,uint256)"]),
        data: msgs[1].value.input,
      }).args?.[2],
    ).toBe(2n ** 256n - 1n);
  });

  it("miniwasm: cw721 transfer_nft on the collection the indexer names in hex, executed under its bech32", async () => {
    const msgs = await msgsOf(
      body("weft-wasm-1", "weft-wasm-1", { collection_address: CW721_HEX, token_ids: ["a-1"] }),
    );
    expect(msgs).toEqual([
      {
        type: "wasm/MsgExecuteContract",
        value: {
          sender: ALICE,
          contract: CW721,
          msg: { transfer_nft: { recipient: BOB, token_id: "a-1" } },
          funds: [],
        },
      },
    ]);
  });
});

describe("POST /nft over one ICS-721 channel", () => {
  it("L1 -> minievm: nft-transfer MsgTransfer on the L1's ics721 channel, timing out in 1800 s", async () => {
    const msgs = await msgsOf(
      body("weft-devnet-1", "weft-evm-1", {
        collection_address: `0x${MOVE_COLLECTION}`,
        object_addresses: [OBJECT],
        class_id: `move/${MOVE_COLLECTION}`,
        token_ids: ["Badge #1"],
      }),
    );
    expect(msgs).toEqual([
      {
        type: "nft-transfer/MsgTransfer",
        value: {
          source_port: "nft-transfer",
          source_channel: "channel-3",
          class_id: `move/${MOVE_COLLECTION}`,
          token_ids: ["Badge #1"],
          sender: ALICE,
          receiver: BOB,
          timeout_height: {},
          timeout_timestamp: TIMEOUT_NS.toString(),
        },
      },
    ]);
  });

  it("minievm -> L1 with the origin ids of an ibc/ class and a custom timeout", async () => {
    const trace = { path: "nft-transfer/channel-1", base_class_id: `move/${MOVE_COLLECTION}` };
    const msgs = await msgsOf(
      body("weft-evm-1", "weft-devnet-1", {
        class_id: ibcClass(`${trace.path}/${trace.base_class_id}`),
        class_trace: trace,
        token_ids: ["Badge #1"],
        timeout: 60,
      }),
    );
    expect(msgs[0].value).toMatchObject({
      source_channel: "channel-1",
      class_id: ibcClass(`${trace.path}/${trace.base_class_id}`),
      token_ids: ["Badge #1"],
      timeout_timestamp: ((BigInt(NOW_MS / 1000) + 60n) * 1_000_000_000n).toString(),
    });
  });

  it("miniwasm -> L1: cw721 send_nft to the ics721 contract (outgoing_proxy null) or to its proxy", async () => {
    for (const proxy of [null, CW721]) {
      const msgs = await msgsOf(
        body("weft-wasm-1", "weft-devnet-1", {
          collection_address: CW721_HEX,
          token_ids: ["a-1", "a-2"],
          outgoing_proxy: proxy,
        }),
      );
      expect(msgs).toHaveLength(2);
      const send = msgs[1].value.msg.send_nft;
      expect(send.contract).toBe(proxy ?? ICS721);
      expect(send.token_id).toBe("a-2");
      expect(JSON.parse(Buffer.from(send.msg, "base64").toString())).toEqual({
        receiver: BOB,
        channel_id: "channel-1",
        timeout: { timestamp: TIMEOUT_NS.toString() },
      });
    }
  });
});

describe("POST /nft between two rollups, through the L1's Move hook", () => {
  /** The hook call in a first hop's memo, its arguments decoded. */
  function hookOf(memo: string) {
    const message = JSON.parse(memo).move.message;
    expect(Object.keys(message).sort()).toEqual([
      "args",
      "function_name",
      "module_address",
      "module_name",
      "type_args",
    ]);
    expect(message).toMatchObject({
      module_address: "0x1",
      module_name: "nft_transfer",
      function_name: "nft_transfer",
      type_args: [],
    });
    const args = message.args.map((a: string) => Buffer.from(a, "base64"));
    expect(args).toHaveLength(10);
    return {
      recover: hexOf(args[0]),
      receiver: bcsStringOf(args[1]),
      collection: hexOf(args[2]),
      tokenIds: bcsStringsOf(args[3]),
      port: bcsStringOf(args[4]),
      channel: bcsStringOf(args[5]),
      revision: [args[6].readBigUInt64LE(), args[7].readBigUInt64LE()],
      timeout: args[8].readBigUInt64LE(),
      memo: bcsStringOf(args[9]),
    };
  }

  it("minievm -> miniwasm: the hook forwards the L1's ibc/ collection of the ERC-721's class", async () => {
    const msgs = await msgsOf(
      body("weft-evm-1", "weft-wasm-1", { class_id: `evm/${ERC721.slice(2)}`, collection_address: ERC721 }),
    );
    expect(msgs).toHaveLength(1);
    const { value } = msgs[0];
    expect(value).toMatchObject({
      source_port: "nft-transfer",
      source_channel: "channel-1",
      receiver: "0x1::nft_transfer::nft_transfer",
      token_ids: ["7"],
    });
    expect(hookOf(value.memo)).toEqual({
      recover: pad32(bytesOf(ALICE)),
      receiver: BOB,
      collection: objectFromSeed(ibcClass(`nft-transfer/channel-3/evm/${ERC721.slice(2)}`)),
      tokenIds: ["7"],
      port: "nft-transfer",
      channel: "channel-4",
      revision: [0n, 0n],
      timeout: TIMEOUT_NS + 1800n * 1_000_000_000n,
      memo: "",
    });
  });

  it("miniwasm -> minievm: send_nft whose outgoing message carries the hook, recovering to l1_recover_address", async () => {
    const recover = bech32.encode("init", bech32.toWords(Buffer.alloc(20, 7)));
    const msgs = await msgsOf(
      body("weft-wasm-1", "weft-evm-1", {
        collection_address: CW721_HEX,
        l1_recover_address: recover,
        outgoing_proxy: null,
      }),
    );
    const outgoing = JSON.parse(Buffer.from(msgs[0].value.msg.send_nft.msg, "base64").toString());
    expect(outgoing.receiver).toBe("0x1::nft_transfer::nft_transfer");
    const hook = hookOf(outgoing.memo);
    // cw-ics721 sends a native collection under its contract address.
    expect(hook.collection).toBe(objectFromSeed(ibcClass(`nft-transfer/channel-4/${CW721}`)));
    expect(hook.recover).toBe(pad32(Buffer.alloc(20, 7)));
    expect(hook.channel).toBe("channel-3");
  });

  it("a class that came from the L1 goes home unwound: the hook forwards the L1's own collection", async () => {
    const trace = { path: "nft-transfer/channel-1", base_class_id: `move/${MOVE_COLLECTION}` };
    const msgs = await msgsOf(
      body("weft-evm-1", "weft-wasm-1", {
        class_id: ibcClass(`${trace.path}/${trace.base_class_id}`),
        class_trace: trace,
      }),
    );
    expect(hookOf(msgs[0].value.memo).collection).toBe(MOVE_COLLECTION);
  });
});

describe("POST /nft refuses what no chain would take", () => {
  const refuse = async (
    request: Record<string, unknown>,
    status: number,
    message: string | RegExp,
    field?: string,
  ) => {
    const res = await post("/nft", request);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body.message).toMatch(message);
    if (field) expect(res.body.details.map((d: Json) => d.field)).toContain(field);
  };

  it("names the field: chains, addresses, objects, ids, classes, traces", async () => {
    await refuse(
      body("nope-1", "weft-evm-1", {}),
      400,
      "invalid from_chain_id: unknown chain nope-1",
      "body.from_chain_id",
    );
    await refuse(
      body("weft-cosmos-1", "weft-devnet-1", {}),
      400,
      /weft-cosmos-1 is a cosmos chain/,
      "body.from_chain_id",
    );
    await refuse(
      {
        ...body("weft-evm-1", "weft-evm-1", { collection_address: ERC721 }),
        to_address: "cosmos1f9qwat48ldgxrmssvpvpk3tea8l72mksz5mfpw",
      },
      400,
      /invalid to_address: not an address of weft-evm-1/,
      "body.to_address",
    );
    await refuse(
      body("weft-devnet-1", "weft-devnet-1", { object_addresses: [] }),
      400,
      /expected 1 object address/,
      "body.object_addresses",
    );
    await refuse(
      body("weft-devnet-1", "weft-devnet-1", { object_addresses: ["0xzz"] }),
      400,
      /Move object address/,
      "body.object_addresses.0",
    );
    await refuse(
      body("weft-evm-1", "weft-evm-1", { collection_address: ERC721, token_ids: ["0x7"] }),
      400,
      /uint256 in decimal/,
      "body.token_ids.0",
    );
    await refuse(
      body("weft-evm-1", "weft-evm-1", { collection_address: "init1" }),
      400,
      /invalid collection_address/,
      "body.collection_address",
    );
    await refuse(body("weft-devnet-1", "weft-evm-1", {}), 400, /invalid class_id: required/, "body.class_id");
    await refuse(
      body("weft-devnet-1", "weft-evm-1", { class_id: "evm/1234" }),
      400,
      /expected move\/<64 hex digits>/,
      "body.class_id",
    );
    await refuse(
      body("weft-evm-1", "weft-wasm-1", { class_id: ibcClass("nft-transfer/channel-1/x") }),
      400,
      /class_trace: required to forward/,
      "body.class_trace",
    );
    await refuse(
      body("weft-evm-1", "weft-devnet-1", {
        class_id: ibcClass("a/channel-1/x"),
        class_trace: { path: "b/channel-1", base_class_id: "x" },
      }),
      400,
      /hashes to/,
      "body.class_trace",
    );
    await refuse(
      body("weft-wasm-1", "weft-devnet-1", { collection_address: CW721_HEX, outgoing_proxy: "0xnope" }),
      400,
      /invalid outgoing_proxy/,
      "body.outgoing_proxy",
    );
    await refuse(
      body("weft-evm-1", "weft-evm-1", {
        collection_address: ERC721,
        token_ids: Array.from({ length: 31 }, (_, i) => `${i}`),
      }),
      400,
      /token_ids/,
    );
  });

  it("a chain no ICS-721 path reaches is a 404 saying so; unknown fields are ignored", async () => {
    await refuse(
      {
        ...body("weft-devnet-1", "weft-cosmos-1", { class_id: `move/${MOVE_COLLECTION}` }),
        to_address: "cosmos1f9qwat48ldgxrmssvpvpk3tea8l72mksz5mfpw",
      },
      404,
      "no NFT route from weft-devnet-1 to weft-cosmos-1: no ICS-721 channel joins them, directly or through an Initia L1 (the registry's ibc_channels with version ics721-1)",
    );
    await msgsOf(
      body("weft-wasm-1", "weft-wasm-1", {
        collection_address: CW721_HEX,
        ignore_blacklist: true,
        go_fast: true,
        class_trace: null,
      }),
    );
  });

  it("answers the contract's documented error examples byte for byte", async () => {
    // biome-ignore lint/suspicious/noExplicitAny: the document is walked to the examples.
    const responses = (loadSpecDocument() as any).paths["/nft"].post.responses;
    const example = (status: string, name: string) =>
      responses[status].content["application/json"].examples[name].value;
    const cosmos = "cosmos1f9qwat48ldgxrmssvpvpk3tea8l72mksz5mfpw";
    const asked = [
      [
        example("400", "address"),
        { ...body("weft-evm-1", "weft-evm-1", { collection_address: ERC721 }), to_address: cosmos },
      ],
      [example("400", "class_id"), body("weft-devnet-1", "weft-evm-1", {})],
      [example("404", "no_route"), { ...body("weft-devnet-1", "weft-cosmos-1", {}), to_address: cosmos }],
    ] as const;
    for (const [documented, request] of asked) expect((await post("/nft", request)).body).toEqual(documented);
  });
});
