/** The recorded real-node answers of fixtures/real-node (its README says how they were made). */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Answer } from "./compare-answers.js";

const REAL_NODE_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../../../fixtures/real-node",
);

export interface Recorded {
  name: string;
  about: string;
  request:
    | { port: "rpc" | "rest"; method: "GET"; path: string; headers?: Record<string, string> }
    | { port: "rpc" | "json-rpc"; method: "POST"; path: string; body: unknown };
  response: Answer;
}

/** Every recorded exchange of one node folder (`minievm-v1.2.18`), by name. */
export function readRecorded(folder: string): Map<string, Recorded> {
  const dir = path.join(REAL_NODE_DIR, folder);
  const out = new Map<string, Recorded>();
  for (const file of readdirSync(dir).sort()) {
    if (!file.endsWith(".json") || file.startsWith("_")) continue;
    const recorded = JSON.parse(readFileSync(path.join(dir, file), "utf8")) as Recorded;
    out.set(recorded.name, recorded);
  }
  return out;
}
