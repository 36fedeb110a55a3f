/**
 * Records a real node's answers to every node method Weft calls, as the fixtures the devnet is held
 * to (`fixtures/real-node/<vm>-<version>/`, read by packages/devnet/src/parity/).
 *
 *   node dist/record/record-cli.js --vm evm|move --home H --rpc URL --rest URL [--json-rpc URL] --out DIR
 *
 * The node runs already (a single-node chain made as fixtures/real-node/README.md says); its binary
 * is taken from WEFT_MINIEVM_BIN or WEFT_MINIMOVE_BIN (and WEFT_MOVEVM_LIB_DIR), the same settings the
 * real-node tests read. The recorder sends the txs itself, then asks and writes one file per case.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { createNodeCli } from "../node/node-cli.js";
import { type Case, minievmCases, runMinievmTxs } from "./minievm-scenario.js";
import { minimoveCases, runMinimoveTxs } from "./minimove-scenario.js";
import { exchange, type NodeUrls } from "./record-http.js";

const { values } = parseArgs({
  options: {
    vm: { type: "string" },
    home: { type: "string" },
    rpc: { type: "string" },
    rest: { type: "string" },
    "json-rpc": { type: "string" },
    out: { type: "string" },
    from: { type: "string", default: "val" },
    to: { type: "string", default: "user2" },
  },
});

function required(name: string, value: string | undefined): string {
  if (!value) throw new Error(`record-cli: --${name} is required`);
  return value;
}

async function main(): Promise<void> {
  const vm = required("vm", values.vm);
  const evm = vm === "evm";
  const binVar = evm ? "WEFT_MINIEVM_BIN" : "WEFT_MINIMOVE_BIN";
  const bin = required(binVar, process.env[binVar]);
  const cli = createNodeCli(bin, evm ? undefined : process.env.WEFT_MOVEVM_LIB_DIR);
  const urls: NodeUrls = { rpc: required("rpc", values.rpc), rest: required("rest", values.rest) };
  const out = required("out", values.out);
  const home = required("home", values.home);
  const status = (await (await fetch(`${urls.rpc}/status`)).json()) as {
    result: { node_info: { network: string } };
  };
  const chainId = status.result.node_info.network;
  const ctx = { cli, home, chainId, from: values.from ?? "val", to: values.to ?? "user2" };

  let cases: Case[];
  let facts: unknown;
  if (evm) {
    const jsonRpc = required("json-rpc", values["json-rpc"]);
    urls.jsonRpc = jsonRpc;
    const f = await runMinievmTxs({ ...ctx, urls: { ...urls, jsonRpc } });
    cases = minievmCases(f);
    facts = f;
  } else {
    const f = await runMinimoveTxs({ ...ctx, urls });
    cases = minimoveCases(f);
    facts = f;
  }

  mkdirSync(out, { recursive: true });
  const version = (await cli.run(["version", "--long", "--output", "json"]).catch(() => "{}")).trim();
  const { name, version: v, commit, go } = JSON.parse(version || "{}") as Record<string, string>;
  writeFileSync(
    path.join(out, "_recording.json"),
    `${JSON.stringify({ binary: { name, version: v, commit, go }, recorded_at: new Date().toISOString(), facts }, null, 2)}\n`,
  );
  for (const c of cases) {
    const response = await exchange(urls, c.request);
    const file = path.join(out, `${c.name}.json`);
    writeFileSync(file, `${JSON.stringify({ ...c, response }, null, 2)}\n`);
    process.stdout.write(`${c.name}: ${response.status}\n`);
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
