/** Loads a registry by bundled name (`devnet`, `initia-testnet`) or file path. */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { BUNDLED_REGISTRIES } from "../../setting-defaults.js";
import { bindEndpoints } from "./bind-endpoints.js";
import { createRegistry, type Registry } from "./registry.js";
import { parseRegistryFile } from "./registry-file.js";

const registriesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../registries");

/** @throws RegistryError naming every problem; Error when the file cannot be read or parsed. */
export function loadRegistry(
  nameOrPath: string,
  options: { endpoints?: Record<string, string> } = {},
): Registry {
  const file = (BUNDLED_REGISTRIES as readonly string[]).includes(nameOrPath)
    ? path.join(registriesDir, `${nameOrPath}.json`)
    : path.resolve(nameOrPath);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, "utf8"));
  } catch (err) {
    throw new Error(`cannot read router registry ${file}: ${(err as Error).message}`);
  }
  const parsed = parseRegistryFile(raw, file);
  return createRegistry(options.endpoints ? bindEndpoints(parsed, options.endpoints) : parsed);
}
