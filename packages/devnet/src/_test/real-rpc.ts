/** Real node payloads kept in the repository's fixtures/real-rpc (its README says where each came from). */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const REAL_RPC_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../../../fixtures/real-rpc",
);

/** The parsed JSON of `relative` (a path under fixtures/real-rpc). */
export function readFixture<T = unknown>(relative: string): T {
  return JSON.parse(readFileSync(path.join(REAL_RPC_DIR, relative), "utf8")) as T;
}
