/**
 * The Skip Go API examples (spec/reference/router-examples) validate against our router schemas:
 * request examples against our request bodies, response examples against our responses. Where one
 * differs on purpose, the test names the decision and checks that it fails for exactly that reason.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import formats from "ajv-formats";
import { describe, expect, it } from "vitest";

const here = path.dirname(fileURLToPath(import.meta.url));
const spec = JSON.parse(readFileSync(path.join(here, "../generated/openapi.json"), "utf8"));
const examplesDir = path.resolve(here, "../reference/router-examples");

const ajv = new Ajv2020({ strict: false, allErrors: true });
// ajv-formats is CommonJS: under NodeNext its default export arrives as the module object.
const addFormats = (formats as unknown as { default: (a: Ajv2020) => Ajv2020 }).default;
addFormats(ajv);
ajv.addSchema({ ...spec, $id: "weft" });

const pointerEscape = (p: string) => p.replace(/~/g, "~0").replace(/\//g, "~1");
const responseOf = (method: string, p: string, status = "200") =>
  ajv.compile({
    $ref: `weft#/paths/${pointerEscape(p)}/${method}/responses/${status}/content/application~1json/schema`,
  });
const requestOf = (p: string) =>
  ajv.compile({ $ref: `weft#/paths/${pointerEscape(p)}/post/requestBody/content/application~1json/schema` });

const v = {
  routeRequest: requestOf("/v2/fungible/route"),
  route: responseOf("post", "/v2/fungible/route"),
  msgsRequest: requestOf("/v2/fungible/msgs"),
  msgs: responseOf("post", "/v2/fungible/msgs"),
  msgsDirectRequest: requestOf("/v2/fungible/msgs_direct"),
  msgsDirect: responseOf("post", "/v2/fungible/msgs_direct"),
  venues: responseOf("get", "/v2/fungible/venues"),
  recommendAssetsRequest: requestOf("/v2/fungible/recommend_assets"),
  recommendAssets: responseOf("post", "/v2/fungible/recommend_assets"),
  track: responseOf("post", "/v2/tx/track"),
  status: responseOf("get", "/v2/tx/status"),
  transferStatus: ajv.compile({ $ref: "weft#/components/schemas/transfer-status" }),
  chains: responseOf("get", "/v2/info/chains"),
  assets: responseOf("get", "/v2/fungible/assets"),
  balancesRequest: requestOf("/v2/info/balances"),
  balances: responseOf("post", "/v2/info/balances"),
  bridges: responseOf("get", "/v2/info/bridges"),
  assetsBetweenChains: responseOf("post", "/v2/fungible/assets_between_chains"),
  ibcOriginAssets: responseOf("post", "/v2/fungible/ibc_origin_assets"),
  assetsFromSource: responseOf("post", "/v2/fungible/assets_from_source"),
  error: ajv.compile({ $ref: "weft#/components/schemas/Error" }),
};

const read = (file: string) => JSON.parse(readFileSync(path.join(examplesDir, file), "utf8"));
const errorsOf = (validate: ValidateFunction, body: unknown) =>
  validate(body) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);

/** Bodies that must validate, whole: [file (or file#entry), validator]. */
const MUST_VALIDATE: Array<[string, ValidateFunction, unknown]> = [
  ...Object.entries(read("skip-route-request.examples.json")).map(
    ([name, body]) =>
      [`skip-route-request.examples.json#${name}`, v.routeRequest, body] as [
        string,
        ValidateFunction,
        unknown,
      ],
  ),
  ...Object.entries(read("skip-msgs-request.examples.json")).map(
    ([name, body]) =>
      [`skip-msgs-request.examples.json#${name}`, v.msgsRequest, body] as [string, ValidateFunction, unknown],
  ),
  [
    "skip-msgs-request.opinit-initia-to-birdee.json",
    v.msgsRequest,
    read("skip-msgs-request.opinit-initia-to-birdee.json"),
  ],
  ["skip-msgs-response.ibc-wasm-memo.json", v.msgs, read("skip-msgs-response.ibc-wasm-memo.json")],
  ...Object.entries(read("skip-msgs-direct-request.examples.json")).map(
    ([name, body]) =>
      [`skip-msgs-direct-request.examples.json#${name}`, v.msgsDirectRequest, body] as [
        string,
        ValidateFunction,
        unknown,
      ],
  ),
  ["skip-venues-response.json", v.venues, read("skip-venues-response.json")],
  [
    "skip-recommend-assets-request.json",
    v.recommendAssetsRequest,
    read("skip-recommend-assets-request.json"),
  ],
  ["skip-recommend-assets-response.json", v.recommendAssets, read("skip-recommend-assets-response.json")],
  ["skip-track-response.json", v.track, read("skip-track-response.json")],
  ["skip-status-response.client-test.json", v.status, read("skip-status-response.client-test.json")],
  [
    "skip-status-response.client-test-retry.json",
    v.status,
    read("skip-status-response.client-test-retry.json"),
  ],
  ["skip-chains-response.json", v.chains, read("skip-chains-response.json")],
  ["skip-assets-response.json", v.assets, read("skip-assets-response.json")],
  ["skip-balances-request.json", v.balancesRequest, read("skip-balances-request.json")],
  ["skip-balances-response.json", v.balances, read("skip-balances-response.json")],
  ["skip-bridges-response.json", v.bridges, read("skip-bridges-response.json")],
  ...Object.entries(read("skip-assets-between-chains-response.examples.json")).map(
    ([name, body]) =>
      [`skip-assets-between-chains-response.examples.json#${name}`, v.assetsBetweenChains, body] as [
        string,
        ValidateFunction,
        unknown,
      ],
  ),
  ["skip-ibc-origin-assets-response.json", v.ibcOriginAssets, read("skip-ibc-origin-assets-response.json")],
  [
    "skip-assets-from-source-response.json",
    v.assetsFromSource,
    read("skip-assets-from-source-response.json"),
  ],
  ...Object.entries(read("skip-error-responses.json")).map(
    ([name, body]) =>
      [`skip-error-responses.json#${name}`, v.error, body] as [string, ValidateFunction, unknown],
  ),
  ["skip-error-500.client-test.json", v.error, read("skip-error-500.client-test.json")],
];

/**
 * Status bodies the docs show as excerpts (only `transfers`, or only the flat fields): each entry of
 * their `transfers` must still validate against our per-transfer schema.
 */
const STATUS_EXCERPTS = [
  "skip-status-response.ibc-then-axelar.json",
  "skip-status-response.cctp.json",
  "skip-status-response.docs-submitted.json",
  "skip-status-response.docs-tx-execution-error.json",
];

/**
 * Deliberate differences: [file, validator, the instance paths that fail, the decision].
 */
const DIFFERS_ON_PURPOSE: Array<[string, ValidateFunction, RegExp, string]> = [
  [
    "skip-route-response.client-test.json",
    v.route,
    /^ must have required property 'required_op_hook'$/,
    "Initia's required_op_hook is required: a client that does not see it cannot know a hook must be signed (Skip does not emit it)",
  ],
  [
    "skip-route-response.axelar-then-swap.json",
    v.route,
    /^ must have required property 'required_op_hook'$|^\/operations\/\d must have required property 'amount_(in|out)'$/,
    "required_op_hook (Initia) is required, and so are per-operation amount_in/amount_out, which this SW example predates (skip-router-sdk#184)",
  ],
  [
    "skip-msgs-direct-response.json",
    v.msgsDirect,
    /^ must have required property 'txs'$|^\/route must have required property 'required_op_hook'$|^\/route\/operations\/\d must have required property '(amount_in|amount_out|tx_index)'$/,
    "the SW example has only the deprecated msgs[] and a route without required_op_hook (Initia) or per-operation amounts and tx_index, as the route and msgs examples above",
  ],
  [
    "skip-msgs-response.client-test.json",
    v.msgs,
    /^ must have required property 'txs'$/,
    "a client mock with only the deprecated msgs[]; Weft always emits txs[], the only field InterwovenKit and initia.js read",
  ],
  [
    "skip-status-response.docs-pending.json",
    v.transferStatus,
    /\/ibc_transfer (must have required property 'packet_txs'|must match exactly one schema in oneOf)$|^\/transfer_sequence\/0 must match exactly one schema in oneOf$/,
    "the docs page uses the old key `packet`; the wire key is `packet_txs` (skip-mev/skip-go#900), which Weft emits",
  ],
  [
    "skip-status-response.docs-completed-acked.json",
    v.transferStatus,
    /\/ibc_transfer must have required property 'packet_txs'$|\/transfer_sequence\/\d must match exactly one schema in oneOf$/,
    "the docs page uses the old key `packet`; the wire key is `packet_txs`",
  ],
  [
    "skip-status-response.docs-released-before-acks.json",
    v.transferStatus,
    /\/ibc_transfer must have required property 'packet_txs'$|\/transfer_sequence\/\d must match exactly one schema in oneOf$/,
    "the docs page uses the old key `packet`; the wire key is `packet_txs`",
  ],
  [
    "skip-status-response.docs-packet-ack-error.json",
    v.transferStatus,
    /\/ibc_transfer( must have required property 'packet_txs'|\/state must be equal to one of the allowed values)$|\/transfer_sequence\/\d must match exactly one schema in oneOf$/,
    "the docs page uses the old key `packet` and the state `TRANSFER_FAILED`; the wire uses `packet_txs` and the documented enum value `TRANSFER_FAILURE`",
  ],
  [
    "skip-status-response.multiple-transfers.json",
    v.transferStatus,
    /^ must have required property '(next_blocking_transfer|transfer_asset_release|error)'$/,
    "the SW example puts next_blocking_transfer, transfer_asset_release and error inside a hop; Weft emits them on every transfer, as real responses do",
  ],
  [
    "skip-status-response.docs-cctp-src-dst.json",
    v.status,
    /^ must have required property '(status|transfers)'$/,
    "a docs excerpt of the flat fields only; Weft always emits `status` (what InterwovenKit polls on) and `transfers`",
  ],
];

describe("Skip Go API examples against our router schemas", () => {
  it.each(MUST_VALIDATE.map(([name, validate, body]) => ({ name, validate, body })))(
    "$name validates",
    ({ validate, body }) => {
      expect(errorsOf(validate, body)).toEqual([]);
    },
  );

  it.each(STATUS_EXCERPTS)("every transfer of the excerpt %s validates", (file) => {
    const body = read(file) as { transfers: unknown[] };
    expect(body.transfers.length).toBeGreaterThan(0);
    for (const transfer of body.transfers) expect(errorsOf(v.transferStatus, transfer)).toEqual([]);
  });

  it.each(DIFFERS_ON_PURPOSE.map(([file, validate, only, why]) => ({ file, validate, only, why })))(
    "$file fails only for the documented decision: $why",
    ({ file, validate, only }) => {
      const body = read(file) as { transfers?: unknown[] };
      const bodies = validate === v.transferStatus ? (body.transfers ?? []) : [body];
      const errors = bodies.flatMap((b) => errorsOf(validate, b));
      expect(errors.length).toBeGreaterThan(0);
      expect(errors.filter((e) => !only.test(e))).toEqual([]);
    },
  );

  it("our own status examples end in STATE_COMPLETED or STATE_FAILED only when terminal", () => {
    type Example = { value: { status: string; state: string; next_blocking_transfer: unknown } };
    const examples = spec.paths["/v2/tx/status"].get.responses["200"].content["application/json"]
      .examples as Record<string, Example | { $ref: string }>;
    const resolve = (e: Example | { $ref: string }): Example =>
      "$ref" in e ? spec.components.examples[e.$ref.replace("#/components/examples/", "")] : e;
    expect(Object.keys(examples).length).toBe(4);
    for (const { value } of Object.values(examples).map(resolve)) {
      const terminal = value.status === "STATE_COMPLETED" || value.status === "STATE_FAILED";
      expect(terminal).toBe(
        value.next_blocking_transfer === null && value.state.startsWith("STATE_COMPLETED"),
      );
    }
  });
});
