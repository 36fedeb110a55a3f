/**
 * A deployment serving several chains: each chain's Indexer API under its own base URL
 * `/{chain_id}` (`/{chain_id}/indexer/...`, `/{chain_id}/status`, `/{chain_id}/swagger/doc.json`, ...),
 * so an explorer or wallet configured with `https://host/{chain_id}` as its indexer URL sends the
 * reference's paths unchanged (`/docs` is the root's, offering each chain's base). Each chain's
 * app (one `createApp` per chain, over that chain's schema) sees the request without the prefix: its route templates, cache keys and 404/405 answers are the
 * chain's own. The Router API stays at the root.
 *
 * A chain's base answers every operation of the indexer's contract, `/metrics` included: the
 * contract documents it beside `/status` and `/health`, and the conformance CLI run against a
 * chain's base URL asks it there (a 404 failed `contract.getMetrics` and `method.getMetrics`). It
 * is the process's one registry, the same text as the root's `/metrics` (request series labelled
 * `chain_id`): scrape one of them, not both.
 *
 * At the root, `/indexer/...` and `/status` name no chain: they answer 404 listing the chains' bases
 * rather than guessing which one was meant.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { ApiError } from "../api/errors.js";
import { corsHeaders, setHeaderPairs } from "./cors-headers.js";
import { sendError } from "./error-middleware.js";

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/** What a chain's base serves: its Indexer API and what explorers read beside it. */
const CHAIN_PATH = /^\/(?:indexer(?:\/|$)|status\/?$|ready\/?$|health\/?$|metrics\/?$|swagger\/doc\.json$)/i;
/** What only a chain's base serves: the same paths at the root name no chain. */
const CHAIN_ONLY_PATH = /^\/(?:indexer(?:\/|$)|status\/?$)/i;

export function mountChains(options: {
  /** The Router API and everything of the deployment (`/metrics`, `/ready`, `/docs`, 404s). */
  root: Listener;
  /** Each chain's app, by chain id (a URL path segment: chains-file.ts refuses any other). */
  chains: ReadonlyMap<string, Listener>;
  /** CORS_ORIGINS, for the 404 answered here (a browser otherwise sees a CORS failure, not the 404). */
  corsOrigins?: string[];
}): Listener {
  const bases = () => [...options.chains.keys()].map((id) => `/${id}`);
  const cors = corsHeaders(options.corsOrigins ?? ["*"]);
  return (req, res) => {
    const url = req.url ?? "/";
    const named = /^\/([^/?]+)(.*)$/s.exec(url);
    const chain = named ? options.chains.get(named[1] as string) : undefined;
    if (chain) {
      const rest = named?.[2] ?? "";
      const path = rest.startsWith("/") ? rest : `/${rest}`;
      if (CHAIN_PATH.test(path)) {
        req.url = path;
        return chain(req, res);
      }
      // Not a chain's path (the Router API): the root's 404 or 405, as for any unknown path.
      return options.root(req, res);
    }
    const query = url.indexOf("?");
    const pathOnly = query === -1 ? url : url.slice(0, query);
    if (CHAIN_ONLY_PATH.test(pathOnly)) {
      setHeaderPairs(res, cors(req.headers.origin));
      return sendError(
        res,
        new ApiError(
          404,
          `no chain named in ${pathOnly}: this deployment serves several chains, each under its own base URL (${bases().join(", ")}); ask /{chain_id}${pathOnly}`,
          {
            details: [
              { reason: "CHAIN_NOT_NAMED", metadata: { chains: [...options.chains.keys()].join(",") } },
            ],
          },
        ),
      );
    }
    return options.root(req, res);
  };
}
