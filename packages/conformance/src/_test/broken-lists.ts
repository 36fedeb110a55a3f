/**
 * Broken servers of list semantics: filters honoured in part, pagination semantics, the exactness of
 * a selection (issue 25 kinds 1-3). Each breaks one rule and names the one check that must fail.
 */
import type { BrokenVariant } from "./broken-servers.js";

export const LIST_VARIANTS: BrokenVariant[] = [];
