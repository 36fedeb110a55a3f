/**
 * Where a chain's tables live when one deployment indexes several chains: a Postgres schema of its
 * own holding the very tables of a one-chain database, so that every query stays as it is (bare
 * table names, resolved by the connection's `search_path`). A deployment of one chain keeps
 * `public`. The design: docs/design/many-chains.md.
 */
import { createHash } from "node:crypto";

/** The schema of a one-chain deployment, as every database migrated before many chains has it. */
export const DEFAULT_SCHEMA = "public";

const SCHEMA_PREFIX = "chain_";
/** Postgres truncates longer identifiers (NAMEDATALEN - 1): two long chain ids would then meet. */
const MAX_IDENTIFIER_BYTES = 63;
/** Chain ids shaped like Initia's (`initiation-2`, `minimove-1`) keep a name an operator can read. */
const READABLE_CHAIN_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/**
 * What a schema name may be here: it goes unquoted into the `-c search_path=` startup option, where
 * a space or a quote would change its meaning, so only plain lower-case identifiers pass.
 */
const PLAIN_IDENTIFIER = /^[a-z_][a-z0-9_]*$/;
/** Characters of the chain id's hash that keep an unreadable chain id's schema unique. */
const HASH_CHARS = 8;

/**
 * The schema of `chainId`'s tables: `chain_` and the chain id with `-` as `_` when the chain id is
 * lower-case letters and digits in dash-separated words (`weft-devnet-1` -> `chain_weft_devnet_1`);
 * any other chain id gets a readable stem and `__` with a hash of the whole id
 * (`Foo.Bar_1` -> `chain_foo_bar_1__<8 hex>`). Two chain ids never share a schema: a readable name
 * never holds `__` (its words are never empty), a hashed one always does.
 */
export function chainSchemaName(chainId: string): string {
  if (chainId === "") throw new Error("a chain id is needed to name its schema");
  const readable = `${SCHEMA_PREFIX}${chainId.replaceAll("-", "_")}`;
  if (READABLE_CHAIN_ID.test(chainId) && readable.length <= MAX_IDENTIFIER_BYTES) return readable;
  const hash = createHash("sha256").update(chainId).digest("hex").slice(0, HASH_CHARS);
  const stem = chainId
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
  const suffix = `__${hash}`;
  return `${SCHEMA_PREFIX}${stem}`.slice(0, MAX_IDENTIFIER_BYTES - suffix.length) + suffix;
}

/**
 * `schema` when it can be put in a startup option and a statement unquoted, else an error naming it
 * (Postgres reserves `pg_` names for itself).
 */
export function checkSchemaName(schema: string): string {
  if (!PLAIN_IDENTIFIER.test(schema) || schema.length > MAX_IDENTIFIER_BYTES || schema.startsWith("pg_")) {
    throw new Error(
      `invalid schema name ${JSON.stringify(schema)}: expected lower-case letters, digits and _, ` +
        `at most ${MAX_IDENTIFIER_BYTES} characters, not starting with a digit or pg_`,
    );
  }
  return schema;
}

/**
 * The connection parameter that makes a connection's bare table names resolve in `schema` alone (no
 * fallback to `public`: a table missing from the chain's schema is an error, never another chain's
 * data). pg sends it in the startup message, so it holds from the first query of every connection.
 */
export function searchPathOption(schema: string): string {
  return `-c search_path=${checkSchemaName(schema)}`;
}
