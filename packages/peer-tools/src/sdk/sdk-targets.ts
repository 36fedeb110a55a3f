/**
 * The two SDKs generated from the contract and committed under `sdks/`, with the fixed generator
 * settings that make regeneration byte-identical (no timestamps; fixed names and versions), and the
 * files in each that people write: the generator never writes them (each SDK's
 * `.openapi-generator-ignore` lists them), regeneration keeps them and the drift check skips them.
 */
import path from "node:path";
import { REPO_ROOT } from "../toolchain/tool-cache.js";

/** The document the server serves at `/swagger/doc.json` (spec/src bundled by @weft/spec). */
export const SPEC_DOCUMENT = path.join(REPO_ROOT, "spec/generated/openapi.json");

export interface SdkTarget {
  name: "python" | "go";
  /** The committed tree, `sdks/<name>/`. */
  dir: string;
  /** openapi-generator's generator name (`-g`). */
  generator: string;
  /** Every other `generate` argument but input and output. */
  options: readonly string[];
  /** Paths (relative to `dir`; a trailing `/` is a folder) written by hand, not by the generator. */
  handWritten: readonly string[];
}

/** The ignore file itself, the README and the smoke test: hand-written in both SDKs. */
const HAND_WRITTEN = [".openapi-generator-ignore", "README.md", "smoke/"] as const;

/**
 * Names for the response bodies the contract writes inline: the generator would call them
 * `ListBlocks200Response` and the like. Keys are the generator's own inline names.
 */
export const INLINE_NAMES: Record<string, string> = {
  getStatus_200_response: "StatusResponse",
  getHealth_200_response: "HealthResponse",
  getSwaggerDoc_200_response: "OpenApiDocument",
  listBlocks_200_response: "BlocksPage",
  getBlock_200_response: "BlockResponse",
  getAvgBlockTime_200_response: "AvgBlockTimeResponse",
  getTx_200_response: "TxByHashResponse",
  getEvmTx_200_response: "EvmTxByHashResponse",
  listEvmTxs_200_response: "EvmTxsPage",
  listEvmInternalTxs_200_response: "EvmInternalTxsPage",
  listNftCollections_200_response: "NftCollectionsPage",
  getNftCollection_200_response: "NftCollectionResponse",
  listNftTokensByAccount_200_response: "NftTokensPage",
  listNftTxs_200_response: "NftTxsPage",
  listRichList_200_response: "RichListPage",
  getChains_200_response: "ChainsResponse",
  getAssets_200_response: "AssetsResponse",
  getAssets_200_response_chain_to_assets_map_value: "ChainAssets",
  getBridges_200_response: "BridgesResponse",
  getAssetsBetweenChains_200_response: "AssetsBetweenChainsResponse",
  getIbcOriginAssets_200_response: "IbcOriginAssetsResponse",
  getAssetsFromSource_200_response: "AssetsFromSourceResponse",
  getAssetsFromSource_200_response_dest_assets_value: "DestAssets",
};

/**
 * What both SDKs share: the inline names, and one normalizer rule. The contract says "exactly one
 * variant key" of a route operation, a signable tx, a msg and a transfer event as `properties` plus
 * `oneOf: [{required: [k1]}, {required: [k2]}, ...]`, valid JSON Schema that the generator does not
 * understand: its Python model of such a schema keeps no property at all (every operation of a route
 * came back empty). Dropping the `oneOf` for the clients keeps the properties; the server still
 * enforces exactly one variant on what it reads and writes.
 */
const COMMON_OPTIONS = [
  "--openapi-normalizer",
  "REMOVE_ANYOF_ONEOF_AND_KEEP_PROPERTIES_ONLY=true",
  "--inline-schema-name-mappings",
  Object.entries(INLINE_NAMES)
    .map(([inline, name]) => `${inline}=${name}`)
    .join(","),
] as const;

/**
 * An object schema without `additionalProperties` accepts any other key (JSON Schema), and the
 * contract relies on it: a tx's messages are `{"@type": ...}` plus the fields of their type. The
 * generator's default reads it as "no other key" (its own option calls that the old, incorrect
 * behaviour): the Go client then refused every tx list ("json: unknown field \"sender\""). The
 * compliant reading also lets an old client read answers that gained a field.
 */
const OPEN_OBJECTS = "disallowAdditionalPropertiesIfNotPresent=false";

/**
 * The Python generator escapes the property names it reserves, `field` among them, as `var_field`:
 * the error envelope's detail read `detail.var_field`, not the wire's `field`. A pydantic model has
 * no member of that name (its import is `Field`), so the attribute keeps the wire's name: a plain
 * `field` attribute. (`--name-mappings field=field` keeps `var_field` and adds a `field` property
 * forwarding to it.)
 */
const PYTHON_RESERVED_WORDS_MAPPINGS = "field=field";

/** The SDKs' own version, moved by hand when the contract changes in a way clients notice. */
export const SDK_VERSION = "0.1.0";

export const PYTHON_SDK: SdkTarget = {
  name: "python",
  dir: path.join(REPO_ROOT, "sdks/python"),
  generator: "python",
  options: [
    ...COMMON_OPTIONS,
    "--package-name",
    "weft_client",
    "--reserved-words-mappings",
    PYTHON_RESERVED_WORDS_MAPPINGS,
    "--additional-properties",
    `projectName=weft-client,packageVersion=${SDK_VERSION},hideGenerationTimestamp=true,${OPEN_OBJECTS}`,
  ],
  handWritten: HAND_WRITTEN,
};

export const GO_SDK: SdkTarget = {
  name: "go",
  dir: path.join(REPO_ROOT, "sdks/go"),
  generator: "go",
  options: [
    ...COMMON_OPTIONS,
    "--package-name",
    "weft",
    // The module path is github.com/<user>/<repo>: github.com/weft/weft-go.
    "--git-host",
    "github.com",
    "--git-user-id",
    "weft",
    "--git-repo-id",
    "weft-go",
    "--additional-properties",
    `packageVersion=${SDK_VERSION},hideGenerationTimestamp=true,${OPEN_OBJECTS}`,
  ],
  handWritten: HAND_WRITTEN,
};

export const SDK_TARGETS: readonly SdkTarget[] = [PYTHON_SDK, GO_SDK];

/** Whether `relative` (a path in an SDK's tree) is one of its hand-written files. */
export const isHandWritten = (target: SdkTarget, relative: string): boolean =>
  target.handWritten.some((p) => (p.endsWith("/") ? relative.startsWith(p) : relative === p));

/**
 * What the generated Python client imports (sdks/python/requirements.txt, which gives only lower
 * bounds), pinned with everything they pull in, for the smoke test's virtualenv.
 */
export const PYTHON_SDK_REQUIREMENTS = [
  "annotated-types==0.8.0",
  "pydantic==2.14.4",
  "pydantic-core==2.50.5",
  "python-dateutil==4.0.0",
  "typing-extensions==4.16.0",
  "typing-inspection==0.4.5",
  "tzdata==2026.6",
  "urllib3==2.8.0",
] as const;
