/** The interchain's plain EVM chain answers balance reads over JSON-RPC from its ledger. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EVM_L1, type Interchain, startInterchain } from "./interchain.js";

const HOLDER = "0x4940EEaea7fb5061ee1060581b4579e9ffe56ed0";
const WETH = "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2";
let net: Interchain;

beforeAll(async () => {
  net = await startInterchain({
    genesis: { [EVM_L1.chainId]: { [HOLDER]: { [EVM_L1.nativeDenom]: 1_500n, [WETH]: 7n } } },
  });
});
afterAll(async () => net?.close());

async function rpc(method: string, params: unknown[]) {
  const res = await fetch(net.urls[EVM_L1.chainId] ?? "", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 7, method, params }),
  });
  return (await res.json()) as { id: number; result?: string; error?: { code: number; message: string } };
}
const balanceOfData = (owner: string) => `0x70a08231${owner.slice(2).toLowerCase().padStart(64, "0")}`;

describe("the EVM chain of the interchain", () => {
  it("answers eth_chainId, eth_getBalance and balanceOf from its ledger, any address case", async () => {
    expect(await rpc("eth_chainId", [])).toEqual({ jsonrpc: "2.0", id: 7, result: "0x7a69" });
    expect((await rpc("eth_getBalance", [HOLDER.toLowerCase(), "latest"])).result).toBe("0x5dc");
    expect(
      (await rpc("eth_call", [{ to: WETH.toLowerCase(), data: balanceOfData(HOLDER) }, "latest"])).result,
    ).toBe(`0x${"7".padStart(64, "0")}`);
  });

  it("reads balances that change: a credit to the ledger shows in the next read", async () => {
    const evm = net.chains.get(EVM_L1.chainId)?.chain;
    const stranger = "0x1111111111111111111111111111111111111111";
    expect((await rpc("eth_getBalance", [stranger, "latest"])).result).toBe("0x0");
    evm?.credit({ journal: [] }, stranger, EVM_L1.nativeDenom, 255n);
    expect((await rpc("eth_getBalance", [stranger, "latest"])).result).toBe("0xff");
  });

  it("rejects malformed reads as a node does", async () => {
    expect((await rpc("eth_getBalance", ["nope", "latest"])).error).toEqual({
      code: -32602,
      message: "invalid address nope",
    });
    expect((await rpc("eth_call", [{ to: WETH, data: "0xdeadbeef" }, "latest"])).error).toEqual({
      code: 3,
      message: "execution reverted",
    });
  });
});
