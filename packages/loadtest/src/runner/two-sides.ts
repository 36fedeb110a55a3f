/**
 * The command-line options runners comparing two deployments share: the two base URLs (loopback
 * only, refused before any request) with their display names, and bounded integer options.
 * Each function throws an Error whose message is fit for the user; the runner adds its usage.
 */
import { assertLoopback } from "./loopback.js";
import type { Side } from "./request-groups.js";

export function resolveSides(a: string | undefined, b: string | undefined, names = "A,B"): [Side, Side] {
  if (!a) throw new Error("--a is required");
  if (!b) throw new Error("--b is required");
  const urls = [a, b].map((u) => u.replace(/\/+$/, ""));
  for (const url of urls) assertLoopback(url);
  const [nameA = "", nameB = ""] = names.split(",").map((n) => n.trim());
  if (!nameA || !nameB || nameA === nameB) throw new Error("--names must be two different names: A,B");
  return [
    { name: nameA, url: urls[0] ?? a },
    { name: nameB, url: urls[1] ?? b },
  ];
}

/** `raw` as an integer within min..max, or an Error naming `flag` and the range. */
export function intOption(
  flag: string,
  raw: string | undefined,
  min: number,
  max: number,
  unit = "",
): number {
  const n = Number(raw);
  if (raw === undefined || raw.trim() === "" || !Number.isInteger(n) || n < min || n > max)
    throw new Error(`${flag} must be ${min}..${max}${unit}`);
  return n;
}
