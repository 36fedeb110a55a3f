import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { bindEndpoints } from "../router/registry/bind-endpoints.js";
import { parseRegistryFile } from "../router/registry/registry-file.js";

/** Writes the bundled devnet registry, its chains at `urls` (chain id -> REST URL), to `file`. */
export function writeDevnetRegistry(file: string, urls: Record<string, string>): void {
  const bundled = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../registries/devnet.json");
  const registry = parseRegistryFile(JSON.parse(readFileSync(bundled, "utf8")), bundled);
  writeFileSync(file, JSON.stringify(bindEndpoints(registry, urls)));
}
