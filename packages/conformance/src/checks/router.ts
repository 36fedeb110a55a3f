/**
 * Router checks. The router does not exist yet and the contract does not document its paths yet,
 * so these check the two discovery endpoints (`/v2/info/chains`, `/v2/fungible/assets`) against the
 * spec when the spec has them, and otherwise skip saying so. They run only with a router URL.
 */
import { type Check, type CheckContext, describe, fail, NO_ROUTER_URL, pass, skip } from "../check.js";
import type { Outcome } from "../types.js";
import { responseProblem } from "./contract.js";

const ROUTER_PATHS = [
  { id: "router.info-chains", path: "/v2/info/chains", title: "GET /v2/info/chains matches the contract" },
  {
    id: "router.fungible-assets",
    path: "/v2/fungible/assets",
    title: "GET /v2/fungible/assets matches the contract",
  },
];

async function routerLaw(ctx: CheckContext, path: string): Promise<Outcome> {
  if (!ctx.routerProbe) return skip(NO_ROUTER_URL);
  const op = ctx.contract.operations.find((o) => o.path === path && o.method === "get");
  if (!op) return skip(`the contract does not document GET ${path} yet`);
  const res = await ctx.routerProbe.get(path);
  if (res.status !== 200) return fail(`expected 200, got ${describe(res)}`);
  const problem = responseProblem(ctx, op, res);
  return problem ? fail(problem) : pass();
}

export function routerChecks(): Check[] {
  return ROUTER_PATHS.map(({ id, path, title }) => ({
    id,
    class: "router",
    kind: "router",
    title,
    run: (ctx) => routerLaw(ctx, path),
  }));
}
