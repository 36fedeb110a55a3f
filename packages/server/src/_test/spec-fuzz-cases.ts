/**
 * Requests for the spec-driven fuzz test (http/spec-fuzz.e2e.test.ts), generated from the bundled
 * document: every operation, its parameters and body taken from the spec, each replaced in turn by
 * hostile values (NUL, 2^63, 20 nines, `1e5`, `0x10`, lone surrogates, over-long text, bad base64,
 * keys holding numbers beyond int64, wrong JSON types) and by seeded random text, so a failure
 * reproduces from its seed.
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export interface SpecParameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  example?: unknown;
  schema?: {
    type?: string;
    example?: unknown;
    default?: unknown;
    enum?: unknown[];
    items?: { example?: unknown };
  };
}

export interface SpecOperation {
  operationId: string;
  method: "GET" | "POST";
  template: string;
  parameters: SpecParameter[];
  /** The first example of the JSON request body, when the operation takes one. */
  body?: Json;
  /** Statuses the operation documents. */
  statuses: Set<number>;
}

/** One request: a path already percent-encoded, and the body as raw text with its Content-Type. */
export interface FuzzRequest {
  operation: SpecOperation;
  method: "GET" | "HEAD" | "POST";
  path: string;
  body?: { text: string; type: string; encoding?: string };
  /** What was changed, for the failure report. */
  label: string;
}

type Doc = {
  paths: Record<string, Record<string, unknown>>;
  components?: Record<string, Record<string, unknown>>;
};

function deref<T>(doc: Doc, value: unknown): T {
  let node = value;
  while (typeof node === "object" && node !== null && "$ref" in node) {
    const parts = String((node as { $ref: string }).$ref)
      .replace(/^#\//, "")
      .split("/");
    node = parts.reduce<unknown>((at, part) => (at as Record<string, unknown>)[part], doc);
  }
  return node as T;
}

/** Every GET and POST operation of the document with its parameters, body example and statuses. */
export function specOperations(doc: Doc): SpecOperation[] {
  const list: SpecOperation[] = [];
  for (const [template, item] of Object.entries(doc.paths)) {
    for (const method of ["get", "post"] as const) {
      const op = item[method] as
        | {
            operationId: string;
            parameters?: unknown[];
            requestBody?: unknown;
            responses: Record<string, unknown>;
          }
        | undefined;
      if (!op) continue;
      const shared = (item.parameters as unknown[] | undefined) ?? [];
      const parameters = [...shared, ...(op.parameters ?? [])].map((p) => deref<SpecParameter>(doc, p));
      const requestBody = op.requestBody
        ? deref<{ content: Record<string, { examples?: Record<string, unknown>; example?: Json }> }>(
            doc,
            op.requestBody,
          )
        : undefined;
      const media = requestBody?.content["application/json"];
      const firstExample = media?.examples ? Object.values(media.examples)[0] : undefined;
      const body =
        media?.example ?? (firstExample ? deref<{ value: Json }>(doc, firstExample).value : undefined);
      list.push({
        operationId: op.operationId,
        method: method.toUpperCase() as "GET" | "POST",
        template,
        parameters,
        ...(body === undefined ? {} : { body }),
        statuses: new Set(Object.keys(op.responses).map(Number)),
      });
    }
  }
  return list;
}

const b64 = (text: string) => Buffer.from(text).toString("base64");
const NINES = "9".repeat(20);
const INT64_OVER = "9223372036854775808";

/** Values that broke servers before (issue 16) and their neighbours; `raw` ones go in the URL unencoded. */
const HOSTILE: { text: string; raw?: boolean }[] = [
  ..."|\u0000|a\u0000b| |-1|0|1|1e5|5.0|0x10|0b11|1.5|-0|+5|007|NaN|Infinity|true|null|[]|{}|é|日本語|🙂|\u202e|\ud800|\udc00x|'; DROP TABLE tx; --|..|.|a/b|a?b|a#b|\\|\"|<script>"
    .split("|")
    .map((text) => ({ text })),
  { text: INT64_OVER },
  { text: NINES },
  { text: `-${INT64_OVER}` },
  { text: "9223372036854775807" },
  { text: "x".repeat(3_000) },
  { text: "0x".padEnd(66, "f") },
  { text: "init1".padEnd(300, "q") },
  { text: "%00", raw: true },
  { text: "%ED%A0%80", raw: true },
  { text: "%C0%80", raw: true },
  { text: "%FF", raw: true },
  { text: "%", raw: true },
  { text: "%zz", raw: true },
  { text: "a%2500", raw: true },
];

/** pagination.key: valid cursors and offsets, and everything a key can get wrong. */
const KEYS: string[] = [
  "",
  "***",
  "abc",
  "a",
  "====",
  b64("5"),
  b64("-1"),
  b64(NINES),
  b64("1e5"),
  b64("{"),
  b64("[1]"),
  b64("null"),
  b64("{}"),
  b64('{"sequence":3}'),
  b64(`{"sequence":"${NINES}"}`),
  b64(`{"sequence":"${INT64_OVER}"}`),
  b64(`{"sequence":${NINES}}`),
  b64('{"sequence":1e400}'),
  b64('{"sequence":-1}'),
  b64('{"sequence":"0x10"}'),
  b64('{"sequence":"a\\u0000"}'),
  b64('{"height":2}'),
  b64(`{"height":"${NINES}"}`),
  b64(`{"height":"${INT64_OVER}"}`),
  b64('{"height":"1e5"}'),
  b64('{"height":5.5}'),
  b64('{"height":[1]}'),
  b64('{"height":1,"token_id":"a\\u0000"}'),
  b64('{"height":1,"token_id":"\\ud800"}'),
  b64('{"height":1,"token_id":5}'),
  b64(`{"height":"${NINES}","token_id":"1"}`),
  b64(`{"collection_addr":"0x${"ab".repeat(20)}","height":"${INT64_OVER}"}`),
  b64(`{"collection_addr":"0x${"ab".repeat(20)}","height":1,"token_id":"1"}`),
  b64('{"collection_addr":"0xzz","height":1}'),
  b64('{"amount":"10"}'),
  b64(`{"amount":"${"9".repeat(100)}"}`),
  b64('{"amount":"1e5"}'),
  b64('{"amount":"-5"}'),
  b64(`{"amount":"10","account":"0x${"ab".repeat(32)}"}`),
  b64('{"amount":"10","account":"0xzz"}'),
  b64('{"amount":"a\\u0000"}'),
  Buffer.from([0xff, 0xfe, 0x00, 0x7b]).toString("base64"),
];

/** Wrong types and hostile values for a JSON field. */
const JSON_VALUES: (Json | undefined)[] = [
  undefined,
  null,
  true,
  0,
  -1,
  1.5,
  1e21,
  2 ** 63,
  "",
  "\u0000",
  "a\u0000b",
  "\ud800",
  NINES,
  INT64_OVER,
  "1e5",
  "0x10",
  "-1",
  "x".repeat(5_000),
  "é🙂",
  [],
  [null],
  {},
  { "\u0000": 1 },
  JSON.parse(`${"[".repeat(3_000)}${"]".repeat(3_000)}`) as Json,
  JSON.parse(`${'{"a":'.repeat(3_000)}1${"}".repeat(3_000)}`) as Json,
];

const CHARSET = "abcXYZ0189-_./:%+= ?&#\u0000\u0001\u007f\u00e9\u4e2d\ud83d\ude00\ud800\u202e\"'\\<>{}[],";

function randomText(random: () => number): string {
  const length = Math.floor(random() * 40);
  let text = "";
  for (let i = 0; i < length; i++) text += CHARSET[Math.floor(random() * CHARSET.length)];
  return text;
}

function validParameter(p: SpecParameter, known: Record<string, string>): string | undefined {
  const fromSpec = p.example ?? p.schema?.example ?? p.schema?.default ?? p.schema?.enum?.[0];
  const value = known[p.name] ?? (Array.isArray(fromSpec) ? fromSpec[0] : fromSpec);
  if (value === undefined) return p.in === "path" ? "1" : undefined;
  const text = String(value);
  // Spec examples of path parameters may be written percent-encoded already (`evm%2F...`).
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * Percent-encodes the UTF-8 bytes of `text` (a lone surrogate becomes U+FFFD's bytes, as any HTTP
 * client sends it; the raw `%ED%A0%80` case sends the surrogate's own bytes).
 */
function encodeText(text: string): string {
  let out = "";
  for (const byte of Buffer.from(text, "utf8")) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-_.~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

function urlOf(op: SpecOperation, values: Map<string, { text: string; raw?: boolean }>): string {
  const encode = (v: { text: string; raw?: boolean }) => (v.raw ? v.text : encodeText(v.text));
  let path = op.template;
  const query: string[] = [];
  for (const p of op.parameters) {
    const v = values.get(p.name);
    if (p.in === "path") path = path.replace(`{${p.name}}`, v ? encode(v) : "1");
    else if (p.in === "query" && v !== undefined) query.push(`${encodeText(p.name)}=${encode(v)}`);
  }
  return query.length ? `${path}?${query.join("&")}` : path;
}

/** Every leaf path of a JSON value (`["operations", 0, "transfer", "port"]`), objects and arrays included. */
function jsonPaths(value: Json, at: (string | number)[] = [], out: (string | number)[][] = []) {
  if (at.length > 0) out.push(at);
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) jsonPaths(v, [...at, i], out);
  } else if (typeof value === "object" && value !== null) {
    for (const [k, v] of Object.entries(value)) jsonPaths(v, [...at, k], out);
  }
  return out;
}

function withValue(body: Json, path: (string | number)[], value: Json | undefined): Json {
  const copy = structuredClone(body);
  const parent = path.slice(0, -1).reduce<Json>((at, key) => (at as Record<string, Json>)[key] as Json, copy);
  const last = path.at(-1) as string | number;
  if (value === undefined) {
    if (Array.isArray(parent)) parent.splice(Number(last), 1);
    else delete (parent as Record<string, Json>)[last];
  } else (parent as Record<string | number, Json>)[last] = value;
  return copy;
}

/**
 * The requests of one operation: its valid request, then each parameter (and body field) replaced by
 * every hostile value and by `randomPerField` random ones, then whole-body breakage.
 * @param known valid values by parameter name that exist in the test data (an account, a height).
 */
export function fuzzRequests(
  op: SpecOperation,
  options: { random: () => number; known: Record<string, string>; randomPerField: number },
): FuzzRequest[] {
  const { random } = options;
  const valid = new Map<string, { text: string; raw?: boolean }>();
  for (const p of op.parameters) {
    const v = validParameter(p, options.known);
    if (v !== undefined) valid.set(p.name, { text: v });
  }
  const json = "application/json";
  const validBody = op.body === undefined ? undefined : { text: JSON.stringify(op.body), type: json };
  const request = (label: string, values = valid, body = validBody): FuzzRequest => ({
    operation: op,
    method: op.method,
    path: urlOf(op, values),
    ...(body === undefined ? {} : { body }),
    label,
  });
  const out: FuzzRequest[] = [request("valid")];
  for (const p of op.parameters) {
    if (p.in !== "path" && p.in !== "query") continue;
    const values = [
      ...(p.name === "pagination.key" ? KEYS.map((text) => ({ text })) : []),
      ...HOSTILE,
      ...Array.from({ length: options.randomPerField }, () => ({ text: randomText(random) })),
    ];
    for (const value of values) {
      // An empty path segment is another URL (a list, or no route), not this operation's parameter.
      if (p.in === "path" && value.text === "") continue;
      out.push(
        request(`${p.in}.${p.name}=${JSON.stringify(value.text)}`, new Map([...valid, [p.name, value]])),
      );
    }
    // A repeated query name arrives as an array where a scalar goes.
    if (p.in === "query") {
      const twice = `${urlOf(op, valid)}${urlOf(op, valid).includes("?") ? "&" : "?"}${encodeText(p.name)}=${encodeText(valid.get(p.name)?.text ?? "1")}`;
      out.push({ ...request(`${p.name} twice`), path: twice });
      const bracket = `${urlOf(op, valid)}${urlOf(op, valid).includes("?") ? "&" : "?"}${encodeText(p.name)}[a]=1`;
      out.push({ ...request(`${p.name}[a]`), path: bracket });
    }
  }
  // Several parameters wrong at once (which one does the 400 name? any, but never a 500).
  const fuzzable = op.parameters.filter((p) => p.in === "path" || p.in === "query");
  const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)] as T;
  for (let i = 0; fuzzable.length > 1 && i < options.randomPerField * 2; i++) {
    const values = new Map(valid);
    for (let n = 2 + Math.floor(random() * 2); n > 0; n--) {
      const p = pick(fuzzable);
      const value = p.name === "pagination.key" && random() < 0.5 ? { text: pick(KEYS) } : pick(HOSTILE);
      if (!(p.in === "path" && value.text === "")) values.set(p.name, value);
    }
    out.push(
      request(`several: ${[...values].map(([k, v]) => `${k}=${JSON.stringify(v.text)}`).join(" ")}`, values),
    );
  }
  // HEAD of a GET operation takes the same lane and checks; it must answer the same statuses.
  if (op.method === "GET") {
    const heads = out
      .filter((_, i) => i % 7 === 0)
      .map((r) => ({ ...r, method: "HEAD" as const, label: `HEAD ${r.label}` }));
    out.push(...heads);
  }
  if (op.body === undefined) return out;
  for (const at of jsonPaths(op.body)) {
    const values = [
      ...JSON_VALUES,
      ...Array.from({ length: options.randomPerField }, () => randomText(random)),
    ];
    for (const value of values) {
      const body = withValue(op.body, at, value);
      out.push(
        request(`body.${at.join(".")}=${JSON.stringify(value) ?? "(absent)"}`, valid, {
          text: JSON.stringify(body),
          type: json,
        }),
      );
    }
  }
  const whole: [string, { text: string; type: string; encoding?: string } | undefined][] = [
    ["no body", undefined],
    ["empty body", { text: "", type: json }],
    ["body not JSON", { text: "{", type: json }],
    ["body a JSON string with NUL", { text: '"\\u0000"', type: json }],
    ["body null", { text: "null", type: json }],
    ["body an array", { text: JSON.stringify([op.body]), type: json }],
    ["body a number", { text: NINES, type: json }],
    ["body as text/plain", { text: JSON.stringify(op.body), type: "text/plain" }],
    ["body as form", { text: "a=1", type: "application/x-www-form-urlencoded" }],
    ["body in UTF-16", { text: JSON.stringify(op.body), type: "application/json; charset=utf-16" }],
    [
      "body in an unknown charset",
      { text: JSON.stringify(op.body), type: "application/json; charset=x-nope" },
    ],
    ["body gzip but not", { text: JSON.stringify(op.body), type: json, encoding: "gzip" }],
    ["body in an unknown encoding", { text: JSON.stringify(op.body), type: json, encoding: "x-nope" }],
    ["body with a vendor JSON type", { text: JSON.stringify(op.body), type: "application/vnd.x+json" }],
    ["body over the limit", { text: JSON.stringify({ pad: "x".repeat(300 * 1024) }), type: json }],
    ["body with a NUL key", { text: JSON.stringify({ ...(op.body as object), "\u0000": 1 }), type: json }],
    ["body deep", { text: `${"[".repeat(5_000)}${"]".repeat(5_000)}`, type: json }],
  ];
  for (const [label, body] of whole)
    out.push({ ...request(label), ...(body ? { body } : { body: undefined }) });
  return out;
}
