/**
 * How to read the records of a list operation: the array's key in the body (from the 200 schema),
 * what identifies a record, and the value the list is ordered by (per the contract's descriptions:
 * blocks and txs by height, NFT tokens by token_id, holders by amount).
 */
import { type Contract, type ContractOperation, derefSchema, type JsonSchema } from "./contract.js";
import { isRecord } from "./wire.js";

export type OrderValue = number | bigint | string;

export interface RecordKind {
  id(record: unknown): string;
  order(record: unknown): OrderValue;
  /** Order values are unique (blocks): order must be strictly monotonic, not just monotonic. */
  uniqueOrder: boolean;
}

export interface ListModel {
  listKey: string;
  kind: RecordKind;
  /** The item schema's name in components/schemas (`block`, `tx-response`, `rich-list-holder`, ...). */
  kindName: string;
}

const field = (record: unknown, ...path: string[]): unknown => {
  let node: unknown = record;
  for (const key of path) node = isRecord(node) ? node[key] : undefined;
  return node;
};
const text = (value: unknown) =>
  typeof value === "string" || typeof value === "number" ? String(value) : "";
const num = (value: unknown) =>
  typeof value === "string" && /^0x/i.test(value) ? Number.parseInt(value, 16) : Number(value);

/** Record kinds by the name of the item schema in components/schemas. */
const KINDS: Record<string, RecordKind> = {
  block: { id: (r) => text(field(r, "height")), order: (r) => num(field(r, "height")), uniqueOrder: true },
  "tx-response": {
    id: (r) => text(field(r, "txhash")),
    order: (r) => num(field(r, "height")),
    uniqueOrder: false,
  },
  "evm-tx": {
    id: (r) => text(field(r, "transactionHash")),
    order: (r) => num(field(r, "blockNumber")),
    uniqueOrder: false,
  },
  "evm-internal-tx": {
    id: (r) => `${text(field(r, "hash"))}#${text(field(r, "index"))}`,
    order: (r) => num(field(r, "height")),
    uniqueOrder: false,
  },
  "nft-collection": {
    id: (r) => text(field(r, "object_addr")),
    order: (r) => num(field(r, "height")),
    uniqueOrder: false,
  },
  "nft-token": {
    id: (r) => `${text(field(r, "collection_addr"))}/${text(field(r, "nft", "token_id"))}`,
    order: (r) => text(field(r, "nft", "token_id")),
    uniqueOrder: false,
  },
  "rich-list-holder": {
    id: (r) => text(field(r, "account")),
    order: (r) => {
      const amount = text(field(r, "amount"));
      return /^\d+$/.test(amount) ? BigInt(amount) : 0n;
    },
    uniqueOrder: false,
  },
};

/** The list model of an operation, or undefined when its 200 body holds no known record array. */
export function listModel(contract: Contract, op: ContractOperation): ListModel | undefined {
  const body = derefSchema(contract, op.responses["200"]?.["application/json"]);
  for (const [listKey, prop] of Object.entries(body?.properties ?? {})) {
    const items = (prop as JsonSchema).items;
    const kindName = items?.$ref?.split("/").pop() ?? "";
    const kind = KINDS[kindName];
    if (kind) return { listKey, kind, kindName };
  }
  return undefined;
}

export function compareOrder(a: OrderValue, b: OrderValue): number {
  if (typeof a === "string" || typeof b === "string")
    return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The first place a sequence breaks the direction, or undefined. Ascending allows equal neighbours
 * unless `strict`; descending likewise.
 */
export function orderViolation(
  values: OrderValue[],
  descending: boolean,
  strict: boolean,
): string | undefined {
  for (let i = 1; i < values.length; i++) {
    const c = compareOrder(values[i - 1] as OrderValue, values[i] as OrderValue);
    const wrong = descending ? c < 0 || (strict && c === 0) : c > 0 || (strict && c === 0);
    if (wrong)
      return `records ${i - 1} and ${i} are out of ${descending ? "descending" : "ascending"} order (${String(values[i - 1])}, ${String(values[i])})`;
  }
  return undefined;
}
