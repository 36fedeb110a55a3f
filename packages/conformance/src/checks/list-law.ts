import type { CheckContext } from "../check.js";
import type { ContractOperation } from "../contract.js";
import type { ListModel } from "../list-model.js";
import type { Outcome } from "../types.js";

/** One law of a paginated list, judged on the list at `path` (pagination.ts, pagination-keys.ts). */
export type Law = (
  ctx: CheckContext,
  path: string,
  model: ListModel,
  op: ContractOperation,
) => Promise<Outcome>;
