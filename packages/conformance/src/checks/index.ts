import type { Check } from "../check.js";
import type { Contract } from "../contract.js";
import { contractChecks } from "./contract.js";

/** Every check of the suite, contract checks first, in a stable order. */
export function allChecks(contract: Contract): Check[] {
  return [...contractChecks(contract)];
}
