/**
 * Every route request the Initia wallet can make on the devnet registry: each (chain, asset) ->
 * (chain, asset) pair among the Initia chains (initia, minievm, miniwasm) whose assets share an
 * origin (Weft does not swap), with and without is_op_withdraw. Each either routes (txs_required,
 * and /msgs returns that many txs, each with its operations_indices) or is Skip's 404 naming why;
 * a multi-tx 404 routes with allow_multi_tx. The whole table is kept in wallet-pairs.table.md.
 */
import { describe, expect, it } from "vitest";
import { msgsRequestFor } from "../_test/msgs-request.js";
import { signedHook } from "../_test/signed-hook.js";
import { createTestApp, serveForTests } from "../_test/test-app.js";
import { useTestDatabase } from "../_test/test-database.js";
import { executedEndToEnd, walletPairs } from "../_test/wallet-pairs.js";
import { loadRegistry } from "./registry/load-registry.js";
import type { AssetNode } from "./registry/registry.js";

const database = useTestDatabase();
const registry = loadRegistry("devnet");
const url = serveForTests(() => createTestApp({ db: database().db, router: { registry, now: () => 0 } }));
const ALICE = "init1f9qwat48ldgxrmssvpvpk3tea8l72mksvzm62v";

// biome-ignore lint/suspicious/noExplicitAny: wire bodies are read by key.
type Json = any;
async function post(path: string, body: unknown): Promise<{ status: number; body: Json }> {
  const res = await fetch(`${url()}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

const pairs = walletPairs(registry);
const label = (a: AssetNode) =>
  `${a.chain.chain_id} ${a.denom.length > 20 ? `${a.denom.slice(0, 12)}…` : a.denom}`;
/** An operation as `kind from->to`. */
const step = (op: Json) => {
  const [kind, v] = Object.entries(op).find(
    ([k]) => !["tx_index", "amount_in", "amount_out"].includes(k),
  ) as [string, Json];
  // evm_swap (a wrapper conversion) runs on one chain and has no to_chain_id.
  return `${kind} ${v.from_chain_id}->${v.to_chain_id ?? v.from_chain_id} [${op.tx_index}]`;
};

/** /msgs for a route: every tx in order, each with its operations_indices; returns txs[0]'s kind. */
async function msgsKind(route: Json): Promise<string> {
  const { status, body } = await post(
    "/v2/fungible/msgs",
    msgsRequestFor(
      route,
      route.required_chain_addresses.map(() => ALICE),
      route.required_op_hook ? { signed_op_hook: { signer: ALICE, hook: signedHook() } } : {},
    ),
  );
  expect(status, JSON.stringify(body)).toBe(200);
  expect(body.txs).toHaveLength(route.txs_required);
  expect(body.txs.flatMap((t: Json) => t.operations_indices)).toEqual(
    route.operations.map((_: Json, i: number) => i),
  );
  body.txs.forEach((t: Json, i: number) => {
    for (const k of t.operations_indices) expect(route.operations[k].tx_index).toBe(i);
  });
  return Object.keys(body.txs[0]).find((k) => k !== "operations_indices") as string;
}

describe("every Initia pair of the devnet registry routes or says why not", () => {
  it("answers each request as the table records", async () => {
    const rows: string[] = [
      "| source | destination | is_op_withdraw | answer | with allow_multi_tx | txs[0] | executed end to end |",
      "|---|---|---|---|---|---|---|",
    ];
    for (const { source, dest, opWithdraw } of pairs) {
      const request = {
        source_asset_chain_id: source.chain.chain_id,
        source_asset_denom: source.denom,
        dest_asset_chain_id: dest.chain.chain_id,
        dest_asset_denom: dest.denom,
        amount_in: "1000000000000000000",
        ...(opWithdraw ? { is_op_withdraw: true } : {}),
      };
      const single = await post("/v2/fungible/route", request);
      const multi = await post("/v2/fungible/route", { ...request, allow_multi_tx: true });
      let answer: string;
      let withMulti: string;
      let kind = "";
      if (single.status === 200) {
        expect(single.body.txs_required).toBe(1);
        expect(multi.body).toEqual(single.body);
        answer = `1 tx: ${single.body.operations.map(step).join(", ")}`;
        withMulti = "same";
        kind = await msgsKind(single.body);
      } else {
        expect(single.status).toBe(404);
        expect(single.body).toEqual({
          code: 5,
          message: expect.stringMatching(
            new RegExp(
              `^no route found from ${source.denom} on ${source.chain.chain_id} to ${dest.denom} on ${dest.chain.chain_id}: `,
            ),
          ),
          details: [],
          info: expect.any(String),
        });
        answer = `404: ${single.body.message.split(": ").slice(1).join(": ")}`;
        const needs = /needs (\d) txs/.exec(single.body.message)?.[1];
        if (needs) {
          expect(multi.status).toBe(200);
          expect(multi.body.txs_required).toBe(Number(needs));
          expect(single.body.info).toBe(
            "Set allow_multi_tx: true to accept routes that need more than one signed tx.",
          );
          withMulti = `${needs} txs: ${multi.body.operations.map(step).join(", ")}`;
          kind = await msgsKind(multi.body);
        } else {
          expect(multi.body).toEqual(single.body);
          withMulti = "404 too";
        }
      }
      // wallet-flow.e2e.test.ts runs every pair that routes in at most MAX_EXECUTED_TXS txs.
      const txsRequired =
        single.status === 200 ? 1 : multi.status === 200 ? multi.body.txs_required : undefined;
      const executed = executedEndToEnd(txsRequired) ? "yes" : "no";
      rows.push(
        `| ${label(source)} | ${label(dest)} | ${opWithdraw} | ${answer} | ${withMulti} | ${kind} | ${executed} |`,
      );
    }
    await expect(`${rows.join("\n")}\n`).toMatchFileSnapshot("./wallet-pairs.table.md");
  }, 120_000);
});
