/**
 * The route benchmark's Weft in its own process (bench-server-process.ts): the real app with the
 * router on the synthetic registry of `argv[2]` chains (route-bench-registry.ts), no database.
 */

import { createApp, loadSpecDocument } from "@weft/server";
import { createRegistry, parseRegistryFile } from "@weft/server/internal";
import { pino } from "pino";
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
