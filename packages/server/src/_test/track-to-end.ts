/**
 * Drives tracking of one broadcast tx on the local interchain: a block, a tracker tick, a status
 * read, until the status is terminal or `rounds` run out. The tracker rechecks at once.
 */
import type { Interchain } from "@weft/devnet";
import { pino } from "pino";
import type { Database } from "../db/database.js";
import { createHttpJson } from "../ingest/http-json.js";
import type { Registry } from "../router/registry/registry.js";
import { createChainReader } from "../router/tracking/chain-reader.js";
import { createTracker } from "../router/tracking/tracker.js";
import type { Json } from "./json-call.js";

export async function trackToEnd(options: {
  db: Database;
  registry: Registry;
  net: Interchain;
  get: (path: string) => Promise<{ body: Json }>;
  tx: { chain_id: string; tx_hash: string };
  /** @default 20 */
  rounds?: number;
}): Promise<Json> {
  const tracker = createTracker({
    pool: options.db.pool,
    registry: options.registry,
    reader: createChainReader(options.registry, createHttpJson({ timeoutMs: 2_000, retries: 1 })),
    logger: pino({ level: "silent" }),
    recheckMs: 0,
    movedRecheckMs: 0,
    submitWindowMs: 60_000,
  });
  let status: Json;
  try {
    for (let i = 0; i < (options.rounds ?? 20); i++) {
      options.net.produce(1);
      await tracker.tick();
      status = (
        await options.get(`/v2/tx/status?chain_id=${options.tx.chain_id}&tx_hash=${options.tx.tx_hash}`)
      ).body;
      if (status.status === "STATE_COMPLETED" || status.status === "STATE_FAILED") break;
    }
  } finally {
    await tracker.stop();
  }
  return status;
}
