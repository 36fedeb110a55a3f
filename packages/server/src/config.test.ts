import path from "node:path";
import { describe, expect, it } from "vitest";
import { COMMANDS, ConfigError, loadConfig, SETTINGS, settingsOf } from "./config.js";

describe("SETTINGS", () => {
  it("gives every setting a command that takes its flag, and distinct variables and flags", () => {
    for (const setting of Object.values(SETTINGS)) {
      expect(setting.commands.length, setting.env).toBeGreaterThan(0);
      for (const command of setting.commands) expect(COMMANDS).toContain(command);
    }
    const values = Object.values(SETTINGS);
    expect(new Set(values.map((s) => s.env)).size).toBe(values.length);
    expect(new Set(values.map((s) => s.flag)).size).toBe(values.length);
  });

  it("hands each command the settings that declare it, in declaration order", () => {
    expect(settingsOf("migrate")).toEqual(["databaseUrl", "dataDir", "logLevel", "logFormat"]);
    expect(settingsOf("ingest")).toContain("rpcUrl");
    expect(settingsOf("serve")).not.toContain("rpcUrl");
    // dev serves and ingests its own devnet: the API's settings and ingestion's, not the node's.
    expect(settingsOf("dev")).toEqual(
      expect.arrayContaining(["port", "routerRegistry", "ingestConcurrency"]),
    );
    expect(settingsOf("dev")).not.toContain("rpcUrl");
    expect(settingsOf("dev")).not.toContain("startHeight");
  });
});

describe("loadConfig", () => {
  it("applies defaults", () => {
    expect(loadConfig({})).toEqual({
      vmType: "move",
      chainId: undefined,
      prefix: "init",
      rpcUrl: undefined,
      restUrl: undefined,
      startHeight: 1,
      ingestConcurrency: 16,
      ingestCommitBlocks: 64,
      ingestWritesInFlight: 4,
      ingestBackfillRate: 0,
      host: "127.0.0.1",
      port: 8080,
      databaseUrl: undefined,
      dataDir: path.resolve(".weft-data"),
      logLevel: "info",
      logFormat: "auto",
      corsOrigins: ["*"],
      bodyLimit: "256kb",
      shutdownTimeoutMs: 4000,
      routerRegistry: undefined,
      routerTracker: true,
      responseCache: true,
      responseCacheMaxBytes: 64 * 1024 * 1024,
      databaseConnectTimeoutMs: 2000,
      databaseQueryTimeoutMs: 5000,
      databasePreparedStatements: true,
      databaseReadUrls: [],
      databaseReadMaxLagBlocks: 10,
      ingestStallTimeoutMs: 60_000,
      metricsPort: undefined,
    });
  });

  it("reads the read replicas' URLs as a comma-separated list and names a bad one", () => {
    expect(
      loadConfig({ DATABASE_READ_URLS: "postgres://r1:5432/weft, postgresql://r2/weft," }).databaseReadUrls,
    ).toEqual(["postgres://r1:5432/weft", "postgresql://r2/weft"]);
    expect(() => loadConfig({ DATABASE_READ_URLS: "postgres://r1/weft,mysql://r2" })).toThrow(
      "invalid DATABASE_READ_URLS: expected comma-separated postgres:// or postgresql:// URLs",
    );
    expect(loadConfig({ DATABASE_READ_MAX_LAG_BLOCKS: "0" }).databaseReadMaxLagBlocks).toBe(0);
  });

  it("reads sizes in bytes and names a bad one", () => {
    expect(loadConfig({ RESPONSE_CACHE_MAX_BYTES: "512kb" }).responseCacheMaxBytes).toBe(512 * 1024);
    expect(loadConfig({ RESPONSE_CACHE_MAX_BYTES: "1GB" }).responseCacheMaxBytes).toBe(1024 ** 3);
    expect(() => loadConfig({ RESPONSE_CACHE_MAX_BYTES: "lots" })).toThrow(
      'invalid RESPONSE_CACHE_MAX_BYTES="lots": expected a size such as 64mb or 512kb',
    );
  });

  it("turns the tracker off only on the literal off", () => {
    expect(loadConfig({ ROUTER_TRACKER: "off" }).routerTracker).toBe(false);
    expect(() => loadConfig({ ROUTER_TRACKER: "no" })).toThrow(
      'invalid ROUTER_TRACKER="no": expected on or off',
    );
  });

  it("turns prepared statements off only on the literal off", () => {
    expect(loadConfig({ DATABASE_PREPARED_STATEMENTS: "off" }).databasePreparedStatements).toBe(false);
    expect(loadConfig({}, { "database-prepared-statements": "on" }).databasePreparedStatements).toBe(true);
    expect(() => loadConfig({ DATABASE_PREPARED_STATEMENTS: "false" })).toThrow(
      'invalid DATABASE_PREPARED_STATEMENTS="false": expected on or off',
    );
  });

  it("lets flags win over the environment", () => {
    const config = loadConfig({ PORT: "3000", HOST: "0.0.0.0" }, { port: "4000" });
    expect(config.port).toBe(4000);
    expect(config.host).toBe("0.0.0.0");
  });

  it.each([
    [{ PORT: "abc" }, {}, 'invalid PORT="abc": expected an integer from 0 to 65535'],
    [{ PORT: "70000" }, {}, 'invalid PORT="70000": expected an integer from 0 to 65535'],
    [{}, { port: "-1" }, 'invalid --port="-1": expected an integer from 0 to 65535'],
    [{ DATABASE_URL: "mysql://x" }, {}, "invalid DATABASE_URL: expected a postgres:// or postgresql:// URL"],
    [
      { LOG_LEVEL: "loud" },
      {},
      'invalid LOG_LEVEL="loud": expected one of fatal, error, warn, info, debug, trace, silent',
    ],
    [{ BODY_LIMIT: "huge" }, {}, 'invalid BODY_LIMIT="huge": expected a size such as 256kb or 1mb'],
    [
      { RPC_URL: "localhost:26657" },
      {},
      'invalid RPC_URL="localhost:26657": expected an http:// or https:// URL',
    ],
  ])("rejects %j %j with a message naming the setting", (env, flags, message) => {
    expect(() => loadConfig(env, flags)).toThrow(new ConfigError(message));
  });

  it("treats an empty variable as unset", () => {
    expect(loadConfig({ DATABASE_URL: "", PORT: "" })).toMatchObject({ databaseUrl: undefined, port: 8080 });
  });

  it("does not echo the database URL (it may hold a password)", () => {
    expect(() => loadConfig({ DATABASE_URL: "mysql://user:secret@db" })).toThrow(/^(?!.*secret)/);
  });

  it("splits CORS origins and allows disabling them", () => {
    expect(loadConfig({ CORS_ORIGINS: "https://a.example, https://b.example" }).corsOrigins).toEqual([
      "https://a.example",
      "https://b.example",
    ]);
    // An empty variable means "unset" (the default), like every other setting.
    expect(loadConfig({ CORS_ORIGINS: "" }).corsOrigins).toEqual(["*"]);
    expect(loadConfig({ CORS_ORIGINS: "none" }).corsOrigins).toEqual([]);
  });
});
