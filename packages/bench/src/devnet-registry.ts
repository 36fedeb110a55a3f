import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { BUNDLED_REGISTRIES_DIR, bindEndpoints, parseRegistryFile } from "@weft/server/internal";

/** Writes the bundled devnet registry, its chains at `urls` (chain id -> REST URL), to `file`. */
export function writeDevnetRegistry(file: string, urls: Record<string, string>): void {
  const bundled = path.join(BUNDLED_REGISTRIES_DIR, "devnet.json");
  const registry = parseRegistryFile(JSON.parse(readFileSync(bundled, "utf8")), bundled);
  writeFileSync(file, JSON.stringify(bindEndpoints(registry, urls)));
}
