/** Module resolution hooks: `k6`, `k6/http` and `k6/metrics` resolve to the shim's files. */
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const MODULES: Record<string, string> = {
  k6: "k6.js",
  "k6/http": "k6-http.js",
  "k6/metrics": "k6-metrics.js",
};

type NextResolve = (specifier: string, context: unknown) => Promise<{ url: string }>;

export async function resolve(specifier: string, context: unknown, next: NextResolve) {
  const file = MODULES[specifier];
  if (file) return { url: pathToFileURL(path.join(here, file)).href, shortCircuit: true };
  return next(specifier, context);
}
