/**
 * Broken servers of values and lookups: formats and units, contents, lookup rules and error codes
 * (issue 25 kinds 4-7). Each breaks one rule and names the one check that must fail.
 */
import type { BrokenVariant } from "./broken-servers.js";

export const VALUE_VARIANTS: BrokenVariant[] = [];
