/**
 * Checks collect every disagreement instead of stopping at the first: one run of a slow tier (a real
 * chain, a real ingest) then reports everything Weft gets wrong, each with what the node or the ledger
 * says and what Weft answered.
 */
import { isDeepStrictEqual } from "node:util";

export interface Mismatch {
  /** Which law ("tx by hash", "rich list GAS"...). */
  check: string;
  /** The request or item it concerns. */
  at: string;
  expected: unknown;
  actual: unknown;
}

export class Mismatches {
  readonly list: Mismatch[] = [];

  /** Records a mismatch unless `actual` deep-equals `expected`; returns whether they matched. */
  equal(check: string, at: string, expected: unknown, actual: unknown): boolean {
    if (isDeepStrictEqual(expected, actual)) return true;
    this.list.push({ check, at, expected, actual });
    return false;
  }

  /** Records a mismatch when `ok` is false. */
  require(check: string, at: string, ok: boolean, details: { expected: unknown; actual: unknown }): boolean {
    if (!ok) this.list.push({ check, at, ...details });
    return ok;
  }

  /** Runs a check group; an exception (a request failing, an unparsable answer) becomes a mismatch too. */
  async guard(check: string, at: string, run: () => Promise<void>): Promise<void> {
    try {
      await run();
    } catch (err) {
      this.list.push({ check, at, expected: "an answer", actual: String(err) });
    }
  }
}

/**
 * Where two JSON values first differ, as a path (`[3].attributes[0].value`) and the two values there:
 * a whole tx's events or a whole trace is unreadable in one line, the first difference is not.
 */
export function firstDifference(
  expected: unknown,
  actual: unknown,
  path = "",
): [string, unknown, unknown] | undefined {
  if (isDeepStrictEqual(expected, actual)) return undefined;
  if (Array.isArray(expected) && Array.isArray(actual)) {
    for (let i = 0; i < Math.max(expected.length, actual.length); i++) {
      const d = firstDifference(expected[i], actual[i], `${path}[${i}]`);
      if (d) return d;
    }
  }
  const isObject = (v: unknown): v is Record<string, unknown> =>
    typeof v === "object" && v !== null && !Array.isArray(v);
  if (isObject(expected) && isObject(actual)) {
    for (const key of new Set([...Object.keys(expected), ...Object.keys(actual)])) {
      const d = firstDifference(expected[key], actual[key], `${path}.${key}`);
      if (d) return d;
    }
  }
  return [path, expected, actual];
}

/** One line per mismatch (its first difference), for a test failure message. */
export function describeMismatches(list: Mismatch[]): string {
  const clip = (v: unknown) => {
    const s = JSON.stringify(v);
    return s === undefined ? "absent" : s.length > 300 ? `${s.slice(0, 300)}...` : s;
  };
  return list
    .map((m) => {
      const [path, expected, actual] = firstDifference(m.expected, m.actual) ?? ["", m.expected, m.actual];
      return `[${m.check}] ${m.at}${path ? ` at ${path}` : ""}: expected ${clip(expected)}, got ${clip(actual)}`;
    })
    .join("\n");
}
