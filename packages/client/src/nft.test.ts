/**
 * `POST /nft` through the typed client against a real Weft (the devnet registry): the request and
 * response types come from the contract, and `/nft` is retried like the other computing POSTs.
 */
import { describe, expect, it } from "vitest";
import { useInProcessWeft } from "./_test/in-process-weft.js";
import { IDEMPOTENT_POST_PATHS } from "./retry.js";
import type { AminoMsg, NftRequest } from "./router-types.js";
import { createRouterClient } from "./weft-client.js";

const weft = useInProcessWeft();

describe("createRouterClient: POST /nft", () => {
  it("returns the wallet's amino messages, typed, and names a bad field in the error envelope", async () => {
    const client = createRouterClient({ baseUrl: weft() });
    const body: NftRequest = {
      from_address: "init1f9qwat48ldgxrmssvpvpk3tea8l72mksvzm62v",
      from_chain_id: "weft-wasm-1",
      to_address: "init1pre0xgzs92j9dzjyx2v2xh90sk0yldpxf38htl",
      to_chain_id: "weft-wasm-1",
      collection_address: `0x${"ab".repeat(32)}`,
      token_ids: ["a-1"],
      object_addresses: [""],
    };
    const { data, error } = await client.POST("/nft", { body });
    expect(error).toBeUndefined();
    const msgs: AminoMsg[] = data?.msgs ?? [];
    expect(msgs.map((m) => m.type)).toEqual(["wasm/MsgExecuteContract"]);
    expect(msgs[0]?.value.msg).toEqual({ transfer_nft: { recipient: body.to_address, token_id: "a-1" } });

    const bad = await client.POST("/nft", {
      body: { ...body, to_address: "cosmos1f9qwat48ldgxrmssvpvpk3tea8l72mksz5mfpw" },
    });
    expect(bad.response.status).toBe(400);
    expect(bad.error?.details).toEqual([expect.objectContaining({ field: "body.to_address" })]);
    expect(IDEMPOTENT_POST_PATHS).toContain("/nft");
  });
});
