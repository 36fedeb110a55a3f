/** Real node payloads kept in the repository's fixtures/real-rpc (its README says where each came from). */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const REAL_RPC_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../../../fixtures/real-rpc",
);

export function readFixture<T = unknown>(relative: string): T {
  return JSON.parse(readFileSync(path.join(REAL_RPC_DIR, relative), "utf8")) as T;
}

/** The `result` of a JSON-RPC envelope, or the object itself when the envelope was stripped. */
export function resultOf<T>(relative: string): T {
  const value = readFixture<{ result?: T } & T>(relative);
  return (value.result ?? value) as T;
}

/** A real node's recorded answer in fixtures/real-node (its README: which binary, how the chain was made). */
export interface RecordedAnswer {
  request: { path: string };
  response: { status: number; body: unknown };
}

export function readRecordedAnswer(relative: string): RecordedAnswer {
  return JSON.parse(
    readFileSync(path.join(REAL_RPC_DIR, "../real-node", relative), "utf8"),
  ) as RecordedAnswer;
}
