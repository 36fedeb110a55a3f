/**
 * The settings of every `weft` command, declared once: each names its environment variable, its flag,
 * the commands that take the flag, its default and how it is validated. cli.ts builds each command's
 * options and --help from this declaration, and the README's Configuration table is tested against
 * it (readme-configuration.e2e.test.ts). Only cli.ts calls loadConfig; everything else receives a Config.
 */
import { statSync } from "node:fs";
import path from "node:path";
import {
  BUNDLED_REGISTRIES,
  COMMIT_BLOCKS,
  DEFAULT_BECH32_PREFIX,
  DEFAULT_BODY_LIMIT,
  DEFAULT_VM_TYPE,
  INGEST_CONCURRENCY,
  WRITES_IN_FLIGHT,
} from "./setting-defaults.js";

/** The commands of `weft` that take settings. */
export const COMMANDS = ["serve", "dev", "ingest", "migrate"] as const;
export type CommandName = (typeof COMMANDS)[number];

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** `auto`: readable lines on a terminal, JSON lines otherwise (logger.ts). */
export const LOG_FORMATS = ["auto", "json", "pretty"] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

export interface Config {
  vmType: "evm" | "move" | "wasm";
  chainId: string | undefined;
  prefix: string;
  rpcUrl: string | undefined;
  restUrl: string | undefined;
  jsonRpcUrl: string | undefined;
  startHeight: number;
  ingestConcurrency: number;
  ingestCommitBlocks: number;
  /** Block writes pipelined on the writer's connection during a backfill (ingest/run-ingest.ts). */
  ingestWritesInFlight: number;
  /** Most blocks per second the process backfills, all chains together; 0: unbounded (ingest/backfill-budget.ts). */
  ingestBackfillRate: number;
  host: string;
  port: number;
  databaseUrl: string | undefined;
  dataDir: string;
  logLevel: LogLevel;
  logFormat: LogFormat;
  corsOrigins: string[];
  bodyLimit: string;
  shutdownTimeoutMs: number;
  routerRegistry: string | undefined;
  /** CHAINS_FILE, absolute: `weft ingest` follows every chain it lists. */
  chainsFile: string | undefined;
  routerTracker: boolean;
  /** `weft serve`'s HTTP worker processes; undefined: one per core (WORKERS=auto). */
  workers: number | undefined;
  responseCache: boolean;
  responseCacheMaxBytes: number;
  databaseConnectTimeoutMs: number;
  databaseQueryTimeoutMs: number;
  databasePreparedStatements: boolean;
  /** Streaming replicas the Indexer API reads from (db/read-replicas.ts); empty: the primary only. */
  databaseReadUrls: string[];
  databaseReadMaxLagBlocks: number;
  ingestStallTimeoutMs: number;
  metricsPort: number | undefined;
}

/** A bad setting: its message is the one line the CLI prints before exiting non-zero. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

export interface Setting<T> {
  env: string;
  flag: string;
  /** The commands that take `--flag` (the variable is read by any command that uses the setting). */
  commands: readonly CommandName[];
  describe: string;
  fallback: string | undefined;
  parse(raw: string, name: string): T;
}

function integer(min: number, max: number) {
  return (raw: string, name: string): number => {
    if (!/^\d+$/.test(raw.trim()) || Number(raw) < min || Number(raw) > max) {
      throw new ConfigError(
        `invalid ${name}=${JSON.stringify(raw)}: expected an integer from ${min} to ${max}`,
      );
    }
    return Number(raw);
  };
}

const text = (raw: string) => raw;

/** A setting that takes one of a fixed list of words. */
function oneOf<const T extends string>(values: readonly T[]) {
  return (raw: string, name: string): T => {
    if (!(values as readonly string[]).includes(raw)) {
      throw new ConfigError(`invalid ${name}=${JSON.stringify(raw)}: expected one of ${values.join(", ")}`);
    }
    return raw as T;
  };
}

/** A switch: `on` or `off`. */
const onOff = (raw: string, name: string): boolean => {
  if (raw !== "on" && raw !== "off")
    throw new ConfigError(`invalid ${name}=${JSON.stringify(raw)}: expected on or off`);
  return raw === "on";
};

const SIZE_UNITS: Record<string, number> = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 };

/** A size such as `64mb` (b, kb, mb, gb; case-insensitive) in bytes. */
const size = (raw: string, name: string): number => {
  const m = /^(\d+)(b|kb|mb|gb)$/i.exec(raw.trim());
  if (!m)
    throw new ConfigError(`invalid ${name}=${JSON.stringify(raw)}: expected a size such as 64mb or 512kb`);
  return Number(m[1]) * (SIZE_UNITS[(m[2] as string).toLowerCase()] as number);
};

const isFile = (p: string) => statSync(p, { throwIfNoEntry: false })?.isFile() === true;

const url = (raw: string, name: string) => {
  if (!/^https?:\/\/[^\s]+$/.test(raw))
    throw new ConfigError(`invalid ${name}=${JSON.stringify(raw)}: expected an http:// or https:// URL`);
  return raw;
};

/** `serve` and `dev`: the API (dev also ingests). */
const SERVING = ["serve", "dev"] as const;
/** `ingest` and `dev`: ingestion. */
const INGESTING = ["ingest", "dev"] as const;
/** The chain and the database as both the API and ingestion see them. */
const SERVED_AND_INGESTED = ["serve", "dev", "ingest"] as const;

/** In the order of the README's Configuration table and of each command's --help. */
export const SETTINGS = {
  host: {
    env: "HOST",
    flag: "host",
    commands: SERVED_AND_INGESTED,
    describe: "interface to listen on",
    fallback: "127.0.0.1",
    parse: text,
  },
  port: {
    env: "PORT",
    flag: "port",
    commands: SERVING,
    describe: "TCP port to listen on (0 = any free port)",
    fallback: "8080",
    parse: integer(0, 65535),
  },
  databaseUrl: {
    env: "DATABASE_URL",
    flag: "database-url",
    commands: COMMANDS,
    describe: "Postgres URL; when unset an embedded PGlite is started under the data dir",
    fallback: undefined,
    parse: (raw, name) => {
      if (!/^postgres(ql)?:\/\//.test(raw)) {
        throw new ConfigError(`invalid ${name}: expected a postgres:// or postgresql:// URL`);
      }
      return raw;
    },
  },
  dataDir: {
    env: "WEFT_DATA_DIR",
    flag: "data-dir",
    commands: COMMANDS,
    describe: "where the embedded database keeps its files (one weft process at a time: a second is refused)",
    fallback: ".weft-data",
    parse: (raw) => path.resolve(raw),
  },
  logLevel: {
    env: "LOG_LEVEL",
    flag: "log-level",
    commands: COMMANDS,
    describe: `log level (${LOG_LEVELS.join(", ")})`,
    fallback: "info",
    parse: oneOf<LogLevel>(LOG_LEVELS),
  },
  logFormat: {
    env: "LOG_FORMAT",
    flag: "log-format",
    commands: COMMANDS,
    describe:
      "json (a JSON line per event), pretty (readable lines; requests summed up every 30 s) or auto (pretty when stdout is a terminal)",
    fallback: "auto",
    parse: oneOf<LogFormat>(LOG_FORMATS),
  },
  corsOrigins: {
    env: "CORS_ORIGINS",
    flag: "cors-origins",
    commands: SERVING,
    describe: "comma-separated allowed CORS origins, * for any, none to send no CORS headers",
    fallback: "*",
    parse: (raw) =>
      raw.trim() === "none"
        ? []
        : raw
            .split(",")
            .map((s) => s.trim())
            .filter(Boolean),
  },
  bodyLimit: {
    env: "BODY_LIMIT",
    flag: "body-limit",
    commands: SERVING,
    describe: "largest accepted request body (e.g. 256kb, 1mb)",
    fallback: DEFAULT_BODY_LIMIT,
    parse: (raw, name) => {
      if (!/^\d+(b|kb|mb)$/i.test(raw))
        throw new ConfigError(`invalid ${name}=${JSON.stringify(raw)}: expected a size such as 256kb or 1mb`);
      return raw;
    },
  },
  shutdownTimeoutMs: {
    env: "SHUTDOWN_TIMEOUT_MS",
    flag: "shutdown-timeout-ms",
    commands: SERVING,
    describe: "how long in-flight requests may take after SIGTERM/SIGINT",
    fallback: "4000",
    parse: integer(0, 600_000),
  },
  chainId: {
    env: "CHAIN_ID",
    flag: "chain-id",
    commands: SERVED_AND_INGESTED,
    describe: "chain id served and ingested (default: the one ingestion has recorded, else the node's)",
    fallback: undefined,
    parse: text,
  },
  vmType: {
    env: "VM_TYPE",
    flag: "vm-type",
    commands: SERVED_AND_INGESTED,
    describe: "the chain's VM (evm, move or wasm); EVM routes exist only on evm chains",
    fallback: DEFAULT_VM_TYPE,
    parse: oneOf(["evm", "move", "wasm"]),
  },
  prefix: {
    env: "BECH32_PREFIX",
    flag: "bech32-prefix",
    commands: SERVED_AND_INGESTED,
    describe: "bech32 account prefix of the chain",
    fallback: DEFAULT_BECH32_PREFIX,
    parse: text,
  },
  rpcUrl: {
    env: "RPC_URL",
    flag: "rpc-url",
    commands: ["ingest"],
    describe: "CometBFT RPC URL of the node to ingest from",
    fallback: undefined,
    parse: url,
  },
  restUrl: {
    env: "REST_URL",
    flag: "rest-url",
    commands: ["serve", "ingest"],
    describe: "Cosmos REST URL of the node (default: RPC_URL)",
    fallback: undefined,
    parse: url,
  },
  jsonRpcUrl: {
    env: "JSON_RPC_URL",
    flag: "json-rpc-url",
    commands: ["ingest"],
    describe: "EVM JSON-RPC URL of the node (EVM chains: receipts and call traces)",
    fallback: undefined,
    parse: url,
  },
  startHeight: {
    env: "START_HEIGHT",
    flag: "start-height",
    commands: ["ingest"],
    describe: "first height to ingest into an empty database",
    fallback: "1",
    parse: integer(1, Number.MAX_SAFE_INTEGER),
  },
  ingestConcurrency: {
    env: "INGEST_CONCURRENCY",
    flag: "ingest-concurrency",
    commands: INGESTING,
    describe: "blocks fetched in parallel while backfilling",
    fallback: String(INGEST_CONCURRENCY),
    parse: integer(1, 256),
  },
  ingestCommitBlocks: {
    env: "INGEST_COMMIT_BLOCKS",
    flag: "ingest-commit-blocks",
    commands: INGESTING,
    describe:
      "most blocks one transaction carries while backfilling (blocks already fetched while the previous write ran; 1 = a transaction per block)",
    fallback: String(COMMIT_BLOCKS),
    parse: integer(1, 1000),
  },
  ingestWritesInFlight: {
    env: "INGEST_WRITES_IN_FLIGHT",
    flag: "ingest-writes-in-flight",
    commands: INGESTING,
    describe:
      "block writes sent to Postgres before the oldest is answered while backfilling (pipelined on one connection, each its own transaction; 1 = one at a time, e.g. behind a proxy that cannot pipeline; the embedded database always uses 1)",
    fallback: String(WRITES_IN_FLIGHT),
    parse: integer(1, 16),
  },
  ingestBackfillRate: {
    env: "INGEST_BACKFILL_RATE",
    flag: "ingest-backfill-rate",
    commands: INGESTING,
    describe:
      "most blocks per second this process backfills, every chain of a chains file together (a chain following its head is never held back); bounds the backfill's share of the node, this machine and Postgres, so reads of caught-up chains keep their latency; 0 = as fast as the node and Postgres go",
    fallback: "0",
    parse: integer(0, 100_000),
  },
  chainsFile: {
    env: "CHAINS_FILE",
    flag: "chains",
    commands: ["serve", "ingest"] as const,
    describe:
      "several chains in one deployment: a JSON file of them (the router registry's shape, or Initia registry chain.json objects), each chain in its own Postgres schema (needs DATABASE_URL); ingest follows every chain, serve serves each chain's Indexer API under /{chain_id}, and both read the file again every 5 s; RPC_URL, REST_URL, JSON_RPC_URL, CHAIN_ID and the prefix then come from the file",
    fallback: undefined,
    parse: (raw: string, name: string): string => {
      if (isFile(raw)) return path.resolve(raw);
      throw new ConfigError(
        `invalid ${name}=${JSON.stringify(raw)}: no such file (expected the path of a chains JSON file)`,
      );
    },
  },
  routerRegistry: {
    env: "ROUTER_REGISTRY",
    flag: "router-registry",
    commands: SERVING,
    describe:
      "Router API registry: devnet, initia-testnet or a registry JSON file (default: none; `weft dev`: devnet)",
    fallback: undefined,
    // A name that is neither bundled nor a file stops the process here, before any database opens.
    parse: (raw: string, name: string): string => {
      if ((BUNDLED_REGISTRIES as readonly string[]).includes(raw) || isFile(raw)) return raw;
      throw new ConfigError(
        `invalid ${name}=${JSON.stringify(raw)}: expected ${BUNDLED_REGISTRIES.join(", ")}, or the path of a registry JSON file`,
      );
    },
  },
  workers: {
    env: "WORKERS",
    flag: "workers",
    commands: ["serve"],
    describe:
      "HTTP worker processes sharing the port (auto: one per core, within Postgres's max_connections); the embedded database allows one",
    fallback: "auto",
    parse: (raw: string, name: string): number | undefined => {
      if (raw.trim() === "auto") return undefined;
      if (!/^\d+$/.test(raw.trim()) || Number(raw) < 1 || Number(raw) > 256)
        throw new ConfigError(
          `invalid ${name}=${JSON.stringify(raw)}: expected auto or an integer from 1 to 256`,
        );
      return Number(raw);
    },
  },
  routerTracker: {
    env: "ROUTER_TRACKER",
    flag: "router-tracker",
    commands: SERVING,
    describe: "run a transfer tracker in this process (on/off); off makes an API-only replica",
    fallback: "on",
    parse: onOff,
  },
  responseCache: {
    env: "RESPONSE_CACHE",
    flag: "response-cache",
    commands: SERVING,
    describe:
      "cache list responses 1 s and single items 10 s like the reference (on/off; off for benchmarks of the database path)",
    fallback: "on",
    parse: onOff,
  },
  responseCacheMaxBytes: {
    env: "RESPONSE_CACHE_MAX_BYTES",
    flag: "response-cache-max-bytes",
    commands: SERVING,
    describe:
      "most bytes of response bodies the cache holds (e.g. 64mb); the oldest entries go first; per HTTP worker",
    fallback: "64mb",
    parse: size,
  },
  databaseConnectTimeoutMs: {
    env: "DATABASE_CONNECT_TIMEOUT_MS",
    flag: "database-connect-timeout-ms",
    commands: SERVED_AND_INGESTED,
    describe: "how long opening a database connection may take before the request gets a 503",
    fallback: "2000",
    parse: integer(100, 600_000),
  },
  databaseQueryTimeoutMs: {
    env: "DATABASE_QUERY_TIMEOUT_MS",
    flag: "database-query-timeout-ms",
    commands: SERVED_AND_INGESTED,
    describe: "how long one API query may take before it is abandoned and the request gets a 503",
    fallback: "5000",
    parse: integer(100, 600_000),
  },
  databasePreparedStatements: {
    env: "DATABASE_PREPARED_STATEMENTS",
    flag: "database-prepared-statements",
    commands: SERVED_AND_INGESTED,
    describe:
      "prepare each query once per connection and reuse its plan (on/off); off for a pooler that cannot keep prepared statements (PgBouncer before 1.21 in transaction mode)",
    fallback: "on",
    parse: onOff,
  },
  databaseReadUrls: {
    env: "DATABASE_READ_URLS",
    flag: "database-read-urls",
    commands: SERVING,
    describe:
      "comma-separated Postgres URLs of streaming replicas the Indexer API reads from (writes, migrations, router and tracker stay on DATABASE_URL)",
    // Empty: no replica (an empty variable is unset too).
    fallback: "",
    parse: (raw: string, name: string): string[] => {
      const urls = raw
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean);
      for (const u of urls)
        if (!/^postgres(ql)?:\/\//.test(u))
          throw new ConfigError(
            `invalid ${name}: expected comma-separated postgres:// or postgresql:// URLs`,
          );
      return urls;
    },
  },
  databaseReadMaxLagBlocks: {
    env: "DATABASE_READ_MAX_LAG_BLOCKS",
    flag: "database-read-max-lag-blocks",
    commands: SERVING,
    describe:
      "a read replica more blocks than this behind the primary's ingestion checkpoint is skipped until it catches up",
    fallback: "10",
    parse: integer(0, 1_000_000),
  },
  ingestStallTimeoutMs: {
    env: "INGEST_STALL_TIMEOUT_MS",
    flag: "ingest-stall-timeout-ms",
    commands: INGESTING,
    describe:
      "ingestion that commits nothing this long while the node is ahead is stalled: /ready answers 503",
    fallback: "60000",
    parse: integer(1000, 86_400_000),
  },
  metricsPort: {
    env: "METRICS_PORT",
    flag: "metrics-port",
    commands: ["ingest"],
    describe: "weft ingest: serve /metrics, /health and /ready on this port (default: none)",
    fallback: undefined,
    parse: integer(0, 65535),
  },
} satisfies { [K in keyof Config]: Setting<Config[K]> };

/** The settings whose flag `command` takes, in declaration order. */
export function settingsOf(command: CommandName): (keyof Config)[] {
  return (Object.keys(SETTINGS) as (keyof Config)[]).filter((key) =>
    (SETTINGS[key].commands as readonly CommandName[]).includes(command),
  );
}

/**
 * Resolves every setting from flags (first), then the environment, then the default.
 * @throws ConfigError naming the variable (or flag) and what it expects.
 */
export function loadConfig(env: NodeJS.ProcessEnv, flags: Record<string, string | undefined> = {}): Config {
  const out: Partial<Record<keyof Config, unknown>> = {};
  for (const [key, setting] of Object.entries(SETTINGS) as [keyof Config, Setting<unknown>][]) {
    const fromFlag = flags[setting.flag];
    const fromEnv = env[setting.env];
    // An empty variable means unset, as shells and compose files often leave them.
    const raw = fromFlag ?? (fromEnv === "" ? undefined : fromEnv) ?? setting.fallback;
    const name = fromFlag !== undefined ? `--${setting.flag}` : setting.env;
    out[key] = raw === undefined ? undefined : setting.parse(raw, name);
  }
  return out as Config;
}
