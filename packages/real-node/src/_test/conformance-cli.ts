/**
 * The conformance CLI (@weft/conformance's built `weft-conformance`) run against a deployment as a
 * user runs it: default profile (strict), exit code and output kept.
 */
import { spawn } from "node:child_process";
import { createRequire } from "node:module";

export function runConformance(indexerUrl: string): Promise<{ code: number | null; output: string }> {
  const cli = createRequire(import.meta.url)
    .resolve("@weft/conformance")
    .replace(/index\.js$/, "cli.js");
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, "--indexer-url", indexerUrl, "--no-progress"], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (c: Buffer) => {
      output += c.toString();
    });
    child.stderr.on("data", (c: Buffer) => {
      output += c.toString();
    });
    child.on("exit", (code) => resolve({ code, output }));
  });
}
