/**
 * The route benchmark's Weft in its own process (bench-server-process.ts): the real app with the
 * router on the synthetic registry of `argv[2]` chains (route-bench-registry.ts), no database.
 */
import { pino } from "pino";
import { createApp } from "../app.js";
import { createRegistry } from "../router/registry/registry.js";
import { parseRegistryFile } from "../router/registry/registry-file.js";
import { loadSpecDocument } from "../spec-document.js";
import { serveForBench } from "./bench-server-process.js";
import { benchRegistryFile } from "./route-bench-registry.js";

const registry = createRegistry(parseRegistryFile(benchRegistryFile(Number(process.argv[2])), "synthetic"));
serveForBench(
  createApp({
    db: { pool: undefined as never },
    logger: pino({ level: "silent" }),
    spec: loadSpecDocument(),
    router: { registry },
  }),
);
