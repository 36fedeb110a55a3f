/**
 * The reference indexer's example responses (spec/reference/indexer-examples) validate against
 * our response schemas. Where one differs on purpose, the test names the decision.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Ajv2020 } from "ajv/dist/2020.js";
import formats from "ajv-formats";
import { describe, expect, it } from "vitest";

const here = path.dirname(fileURLToPath(import.meta.url));
const spec = JSON.parse(readFileSync(path.join(here, "../generated/openapi.json"), "utf8")) as {
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>
  >;
};
const examplesDir = path.resolve(here, "../reference/indexer-examples");

const ajv = new Ajv2020({ strict: false, allErrors: true });
// ajv-formats is CommonJS: under NodeNext its default export arrives as the module object.
const addFormats = (formats as unknown as { default: (a: Ajv2020) => Ajv2020 }).default;
addFormats(ajv);
ajv.addSchema({ ...spec, $id: "weft" });

/** The 200 schema of an operation, as a $ref into the bundled document. */
function validatorFor(p: string) {
  const pointer = `weft#/paths/${p.replace(/~/g, "~0").replace(/\//g, "~1")}/get/responses/200/content/application~1json/schema`;
  return ajv.compile({ $ref: pointer });
}

/** example file -> the operation it is a response of. */
const OPERATION_OF: Record<string, string> = {
  "derived-from-code/avg_blocktime.json": "/indexer/block/v1/avg_blocktime",
  "derived-from-code/block.json": "/indexer/block/v1/blocks/{height}",
  "derived-from-code/blocks.json": "/indexer/block/v1/blocks",
  "derived-from-code/tx.json": "/indexer/tx/v1/txs/{tx_hash}",
  "derived-from-code/txs.json": "/indexer/tx/v1/txs",
  "derived-from-code/txs-empty-unknown-account.json": "/indexer/tx/v1/txs/by_account/{account}",
  "derived-from-code/evm-tx.json": "/indexer/tx/v1/evm-txs/{tx_hash}",
  "derived-from-code/evm-txs.json": "/indexer/tx/v1/evm-txs",
  "derived-from-code/evm-internal-txs.json": "/indexer/tx/v1/evm-internal-txs/{tx_hash}",
  "derived-from-code/nft-collection.json": "/indexer/nft/v1/collections/{collection_addr}",
  "derived-from-code/nft-collections.json": "/indexer/nft/v1/collections",
  "derived-from-code/nft-tokens.json": "/indexer/nft/v1/tokens/by_collection/{collection_addr}",
  "derived-from-code/richlist-evm.json": "/indexer/richlist/v1/{denom}",
  "derived-from-code/status-evm.json": "/status",
  "derived-from-code/status-move-minimal.json": "/status",
  "docs-examples/nft-collections.json": "/indexer/nft/v1/collections",
  "docs-examples/nft-tokens-by-account.json": "/indexer/nft/v1/tokens/by_account/{account}",
  "docs-examples/richlist.json": "/indexer/richlist/v1/{denom}",
  "docs-examples/status.json": "/status",
};

/**
 * Deliberate differences, each with the decision behind it. Initia's docs call their examples
 * "representative": they use `previous_key: ""` where the code emits null, and bech32 placeholders.
 */
const DIFFERS_ON_PURPOSE: Record<string, string> = {
  "docs-examples/nft-collections.json":
    "object_addr is a bech32 placeholder in the docs; the reference's code (and Weft) emit lower-case 0x hex, which Move clients need",
  "docs-examples/nft-tokens-by-account.json":
    "collection_addr is a bech32 placeholder in the docs; the reference's code (and Weft) emit lower-case 0x hex, which Move clients need",
};

const files = ["derived-from-code", "docs-examples"].flatMap((d) =>
  readdirSync(path.join(examplesDir, d))
    .filter((f) => f.endsWith(".json"))
    .map((f) => `${d}/${f}`),
);

describe("reference indexer examples against our response schemas", () => {
  it("maps every example file to an operation", () => {
    expect(files.filter((f) => !OPERATION_OF[f])).toEqual([]);
  });

  it.each(files.filter((f) => OPERATION_OF[f] && !DIFFERS_ON_PURPOSE[f]))("%s validates", (file) => {
    const validate = validatorFor(OPERATION_OF[file] ?? "");
    const body = JSON.parse(readFileSync(path.join(examplesDir, file), "utf8"));
    const ok = validate(body);
    expect(ok ? [] : validate.errors?.map((e) => `${e.instancePath} ${e.message}`)).toEqual([]);
  });

  it.each(Object.entries(DIFFERS_ON_PURPOSE))("%s fails only for the documented decision: %s", (file) => {
    const validate = validatorFor(OPERATION_OF[file] ?? "");
    expect(validate(JSON.parse(readFileSync(path.join(examplesDir, file), "utf8")))).toBe(false);
    expect(validate.errors?.map((e) => e.instancePath)).toEqual([
      expect.stringMatching(/\/(object_addr|collection_addr)$/),
    ]);
  });
});
