/** Discovery inside k6 scripts, over k6's synchronous http (see discover-core.ts). */
import http from "k6/http";
import { BASE_URL } from "./config.js";
import { type Discovered, discoverWith, type GetJson } from "./discover-core.js";

export type { Discovered } from "./discover-core.js";

const k6GetJson: GetJson = <T>(url: string) => {
  const res = http.get(url, { tags: { name: "discover" } });
  if (res.status !== 200) return undefined;
  try {
    return res.json() as T;
  } catch {
    return undefined;
  }
};

export function discover(): Discovered {
  return discoverWith(k6GetJson, BASE_URL, __ENV);
}
