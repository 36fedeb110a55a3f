/**
 * `weft serve` without the node's Cosmos REST answers every request all the same, only with less:
 * the read API asks the node what the reference's read API asks it (node-lookups.ts), and without
 * a URL every block's proposer has moniker "" and an EVM rich list asked by Cosmos denom answers
 * 400 (no ERC-20 to map it to). Nothing fails, so nothing would say so: a real-chain differential
 * found 888 empty monikers before anyone noticed. One warning at startup names what is missing and the setting that gives it.
 *
 * Why not take the URL from ingestion's database or from the RPC: `serve` often runs elsewhere
 * than `ingest` (another host, another network), where ingestion's URL need not answer, and
 * CometBFT RPC does not tell where the node's REST listens.
 */
import type { Logger } from "pino";
import type { Config } from "../config.js";

export const REST_URL_MISSING =
  "REST_URL is not set: block proposers will have no moniker, and on an EVM chain a rich list asked by Cosmos denom answers 400; " +
  "set REST_URL (or --rest-url) to the node's Cosmos REST, e.g. http://node:1317";

/** Warns once when the API has no node to ask (REST_URL, else RPC_URL as its documented default). */
export function warnWithoutRestUrl(config: Pick<Config, "restUrl" | "rpcUrl">, logger: Logger): void {
  if (config.restUrl !== undefined || config.rpcUrl !== undefined) return;
  logger.warn({ setting: "REST_URL" }, REST_URL_MISSING);
}
