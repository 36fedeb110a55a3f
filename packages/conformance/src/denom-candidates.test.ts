import { describe, expect, it } from "vitest";
import { recordedZeroFeeTxs as recorded } from "./_test/recorded-txs.js";
import {
  denomCandidates,
  denomsOfCoins,
  erc20sOf,
  feeDenomOf,
  movedDenomsOf,
  TRANSFER_TOPIC,
} from "./denom-candidates.js";

const ERC20 = "0xf5059a5d33d5853360d16c683c16e67980206f36";
const ERC721 = "0x007981fd56b7e7e49f724bc243d335ace3b0e88a";

const coinTx = (type: string, amount: string) => ({
  events: [{ type, attributes: [{ key: "amount", value: amount }] }],
});
const transferLog = (address: string, topics: number) => ({
  address,
  topics: [TRANSFER_TOPIC, ...Array.from({ length: topics - 1 }, (_, i) => `0x${String(i).repeat(64)}`)],
});

describe("denoms of recorded zero-fee txs", () => {
  it("a real zero-fee tx has no fee denom", () => {
    expect(feeDenomOf(recorded.minievm_bank_send)).toBeUndefined();
    expect(feeDenomOf(recorded.minimove_multi_send)).toBeUndefined();
  });

  it("reads the denom a real bank send and multi-send moved", () => {
    expect(movedDenomsOf(recorded.minievm_bank_send)).toEqual(["GAS"]);
    expect(movedDenomsOf(recorded.minimove_multi_send)).toEqual(["umin"]);
  });

  it("reads the ERC-20s of a real EVM tx's 3-topic Transfer logs, not an ERC-721's 4-topic ones", () => {
    expect(erc20sOf(recorded.minievm_erc20_transfer)).toEqual([ERC20]);
    expect(erc20sOf(recorded.minievm_erc721_transfer)).toEqual([]);
  });
});

describe("denomsOfCoins", () => {
  it("reads every coin of a list and skips what is not a coin", () => {
    expect(denomsOfCoins("100uinit,5ibc/27A6,7evm/5A1C")).toEqual(["uinit", "ibc/27A6", "evm/5A1C"]);
    expect(denomsOfCoins("")).toEqual([]);
    expect(denomsOfCoins("uinit")).toEqual([]);
  });
});

describe("movedDenomsOf", () => {
  it("reads coin_received and transfer amounts, not other events' amounts", () => {
    expect(movedDenomsOf(coinTx("coin_received", "1uinit,2uusdc"))).toEqual(["uinit", "uusdc"]);
    expect(movedDenomsOf(coinTx("transfer", "3ufoo"))).toEqual(["ufoo"]);
    expect(movedDenomsOf(coinTx("withdraw_rewards", "3ufoo"))).toEqual([]);
  });

  it("reads a bank message's amount when its events say nothing, and no other module's amounts", () => {
    const msg = (type: string) => ({
      tx: { body: { messages: [{ "@type": type, amount: [{ denom: "ubar", amount: "1" }] }] } },
    });
    expect(movedDenomsOf(msg("/cosmos.bank.v1beta1.MsgSend"))).toEqual(["ubar"]);
    expect(movedDenomsOf(msg("/cosmos.staking.v1beta1.MsgDelegate"))).toEqual([]);
  });
});

describe("erc20sOf", () => {
  it("takes lower-case addresses of Transfer logs with 3 topics only", () => {
    const tx = {
      logs: [
        transferLog(ERC20.toUpperCase().replace("0X", "0x"), 3),
        transferLog(ERC721, 4),
        { address: ERC20, topics: [`0x${"1".repeat(64)}`, "0x", "0x"] },
      ],
    };
    expect(erc20sOf(tx)).toEqual([ERC20]);
  });
});

describe("denomCandidates", () => {
  it("tries fees first, then moved denoms, then ERC-20s, each most frequent first", () => {
    const fee = (denom: string) => ({
      events: [{ type: "tx", attributes: [{ key: "fee", value: `1${denom}` }] }],
    });
    const candidates = denomCandidates({
      first: "uinit",
      txs: [fee("uinit"), fee("uusdc"), coinTx("transfer", "1umoved"), coinTx("transfer", "1uinit")],
      evmTxs: [{ logs: [transferLog(ERC20, 3)] }],
    });
    expect(candidates).toEqual(["uinit", "uusdc", "umoved", ERC20]);
  });

  it("finds the denoms of a zero-fee chain: moved ones, else ERC-20s", () => {
    expect(
      denomCandidates({
        txs: [recorded.minievm_bank_send],
        evmTxs: [recorded.minievm_erc20_transfer, recorded.minievm_erc721_transfer],
      }),
    ).toEqual(["GAS", ERC20]);
    expect(
      denomCandidates({
        txs: [],
        evmTxs: [recorded.minievm_erc20_transfer, recorded.minievm_erc721_transfer],
      }),
    ).toEqual([ERC20]);
    expect(denomCandidates({ txs: [recorded.minievm_bank_send], evmTxs: [] })).toEqual(["GAS"]);
  });

  it("orders equal counts by name, whatever order the txs came in", () => {
    const txs = [coinTx("transfer", "1ub"), coinTx("transfer", "1ua"), coinTx("transfer", "1uc")];
    const [tokenA, tokenB] = [`0x${"a".repeat(40)}`, `0x${"b".repeat(40)}`];
    const erc20s = [tokenB, tokenA].map((a) => ({ logs: [transferLog(a, 3)] }));
    const forward = denomCandidates({ txs, evmTxs: erc20s });
    expect(forward).toEqual(["ua", "ub", "uc", tokenA, tokenB]);
    expect(denomCandidates({ txs: [...txs].reverse(), evmTxs: [...erc20s].reverse() })).toEqual(forward);
  });
});
