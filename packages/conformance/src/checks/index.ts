import type { Check } from "../check.js";
import type { Contract } from "../contract.js";
import { contractChecks } from "./contract.js";
import { negativeChecks } from "./negative.js";
import { paginationChecks } from "./pagination.js";

/** Every check of the suite, contract checks first, in a stable order. */
export function allChecks(contract: Contract): Check[] {
  return [...contractChecks(contract), ...negativeChecks(contract), ...paginationChecks(contract)];
}
