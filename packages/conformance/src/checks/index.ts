import type { Check } from "../check.js";
import type { Contract } from "../contract.js";
import { consistencyChecks } from "./consistency.js";
import { contractChecks } from "./contract.js";
import { filterChecks } from "./filters.js";
import { formatChecks } from "./formats.js";
import { lookupChecks } from "./lookups.js";
import { methodChecks } from "./methods.js";
import { negativeChecks } from "./negative.js";
import { paginationChecks } from "./pagination.js";
import { routerChecks } from "./router.js";
import { routerConvenienceChecks } from "./router-convenience.js";
import { routerInfoChecks } from "./router-info.js";
import { routerNftChecks } from "./router-nft.js";
import { selectionChecks } from "./selection.js";

/** Every check of the suite, contract checks first, in a stable order. */
export function allChecks(contract: Contract): Check[] {
  return [
    ...contractChecks(contract),
    ...negativeChecks(contract),
    ...paginationChecks(contract),
    ...filterChecks(contract),
    ...selectionChecks(contract),
    ...consistencyChecks(),
    ...formatChecks(),
    ...lookupChecks(contract),
    ...methodChecks(contract),
    ...routerChecks(),
    ...routerNftChecks(),
    ...routerInfoChecks(),
    ...routerConvenienceChecks(),
  ];
}
