/**
 * Drives tracking of broadcast txs on the local interchain: a block, a tracker tick, a status read
 * of each tx not yet terminal, until every status is terminal or `rounds` run out. The tracker
 * rechecks at once.
 */
import type { Interchain } from "@weft/devnet";
import { pino } from "pino";
import { createHttpJson } from "../chain/http-json.js";
import type { Database } from "../db/database.js";
import type { Registry } from "../router/registry/registry.js";
import { createChainReader } from "../router/tracking/chain-reader.js";
import { createTracker } from "../router/tracking/tracker.js";
import type { Json } from "./json-call.js";

interface TrackOptions {
  db: Database;
  registry: Registry;
  net: Interchain;
  get: (path: string) => Promise<{ body: Json }>;
  /** @default 20 */
  rounds?: number;
}

const terminal = (s: Json) => s?.status === "STATE_COMPLETED" || s?.status === "STATE_FAILED";

/** Every tx's last status, in the order given (terminal unless the rounds ran out). */
export async function trackAllToEnd(
  options: TrackOptions & { txs: { chain_id: string; tx_hash: string }[] },
): Promise<Json[]> {
  const tracker = createTracker({
    pool: options.db.pool,
    registry: options.registry,
    reader: createChainReader(options.registry, createHttpJson({ timeoutMs: 2_000, retries: 1 })),
    logger: pino({ level: "silent" }),
    recheckMs: 0,
    movedRecheckMs: 0,
    submitWindowMs: 60_000,
    batch: Math.max(100, options.txs.length),
  });
  const statuses: Json[] = options.txs.map(() => undefined);
  try {
    for (let i = 0; i < (options.rounds ?? 20) && !statuses.every(terminal); i++) {
      options.net.produce(1);
      await tracker.tick();
      await Promise.all(
        options.txs.map(async (tx, k) => {
          if (terminal(statuses[k])) return;
          statuses[k] = (
            await options.get(`/v2/tx/status?chain_id=${tx.chain_id}&tx_hash=${tx.tx_hash}`)
          ).body;
        }),
      );
    }
  } finally {
    await tracker.stop();
  }
  return statuses;
}

export async function trackToEnd(
  options: TrackOptions & { tx: { chain_id: string; tx_hash: string } },
): Promise<Json> {
  const [status] = await trackAllToEnd({ ...options, txs: [options.tx] });
  return status;
}
