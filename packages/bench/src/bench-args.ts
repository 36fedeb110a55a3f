/**
 * A bench script's command line: its options parsed as `parseArgs` does (a `--` that `pnpm bench:x --
 * --flag` passes through is dropped), `--help` printing its usage, and a wrong option answered with
 * the reason and the usage (exit 2) instead of a stack trace.
 */
import { type ParseArgsConfig, parseArgs } from "node:util";

export function parseBenchArgs<T extends ParseArgsConfig["options"]>(
  usage: string,
  options: T,
): ReturnType<typeof parseArgs<{ options: T & { help: { type: "boolean" } } }>>["values"] {
  let parsed: ReturnType<typeof parseArgs<{ options: T & { help: { type: "boolean" } } }>>;
  try {
    parsed = parseArgs({
      args: process.argv.slice(2).filter((a) => a !== "--"),
      options: { ...options, help: { type: "boolean" } } as T & { help: { type: "boolean" } },
    });
  } catch (err) {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n\n${usage.trimEnd()}\n`);
    process.exit(2);
  }
  if ((parsed.values as { help?: boolean }).help) {
    process.stdout.write(`${usage.trimEnd()}\n`);
    process.exit(0);
  }
  return parsed.values;
}
