/**
 * Compares a devnet answer with a real node's recorded one on the paths Weft reads (weft-reads.ts).
 * For each path: every class (formatOf / typeOf) the real node shows in this case must show in the
 * devnet's answer too (the devnet lacks nothing Weft meets on a real chain), and every class the
 * devnet shows must be one the real node shows for that method in some recorded case (the devnet
 * invents no encoding). `exact` paths compare values.
 */
import { formatOf, typeOf, valuesAt } from "./json-shape.js";
import { type Reads, WEFT_READS } from "./weft-reads.js";

export interface Answer {
  status: number;
  body: unknown;
}

/** The value paths are read from: the body's own keys (JSON-RPC envelopes), `body`, and `status`. */
function rootOf(answer: Answer): Record<string, unknown> {
  const own =
    answer.body && typeof answer.body === "object" && !Array.isArray(answer.body) ? answer.body : {};
  return { ...own, body: answer.body, status: answer.status };
}

const isError = (a: Answer) =>
  a.status >= 400 ||
  (a.body !== null && typeof a.body === "object" && !Array.isArray(a.body) && "error" in a.body);

/** The method of a fixture name: `eth_getBlockReceipts.bank-send` -> `eth_getBlockReceipts`. */
export const methodOf = (name: string) => name.split(".")[0] ?? name;

/** The reads that apply to this answer: its method's error reads when the real node answered an error. */
export function readsFor(name: string, real: Answer): Reads {
  const entry = WEFT_READS[methodOf(name)];
  if (!entry) throw new Error(`no "what Weft reads" entry for ${name}`);
  return isError(real) ? (entry.error ?? entry.ok) : entry.ok;
}

const classes = (answer: Answer, path: string, check: string): Set<string> =>
  new Set(
    valuesAt(rootOf(answer), path).map((v) =>
      check === "exact" ? (JSON.stringify(v) ?? "absent") : check === "format" ? formatOf(v) : typeOf(v),
    ),
  );

/**
 * The differences, one line each (`path: real has X, devnet has Y`); empty when the devnet agrees.
 * `allReal`: the real answers of every recorded case of the same method (the devnet may show any
 * class one of them shows).
 */
export function compareAnswers(options: {
  name: string;
  real: Answer;
  devnet: Answer;
  allReal: Answer[];
}): string[] {
  const { name, real, devnet } = options;
  const reads = readsFor(name, real);
  const out: string[] = [];
  for (const [path, check] of Object.entries(reads)) {
    const r = classes(real, path, check);
    const d = classes(devnet, path, check);
    const list = (s: Iterable<string>) => [...s].sort().join(", ") || "nothing";
    if (check === "exact") {
      if (list(r) !== list(d)) out.push(`${path}: real has ${list(r)}, devnet has ${list(d)}`);
      continue;
    }
    const missing = [...r].filter((c) => !d.has(c));
    const known = new Set(options.allReal.flatMap((a) => [...classes(a, path, check)]));
    const invented = [...d].filter((c) => !known.has(c));
    if (missing.length > 0) out.push(`${path}: real has ${list(missing)}, devnet has ${list(d)}`);
    if (invented.length > 0) out.push(`${path}: devnet has ${list(invented)}, real has ${list(known)}`);
  }
  return out;
}
