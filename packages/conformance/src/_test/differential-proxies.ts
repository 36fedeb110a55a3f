/**
 * Two views of one Weft for differential tests: a snapshot (every URL answered once from upstream,
 * then always the same; the chain keeps moving under `weft dev`, the two sides must not see it move)
 * and, in front of the snapshot, a proxy injecting named differences.
 */
import { type BrokenServer, type Handler, json, type Reply, startBrokenServer } from "./broken-proxy.js";

/** Answers each method and URL as upstream first did. */
export function startSnapshot(upstream: string): Promise<BrokenServer> {
  const cache = new Map<string, Promise<Reply>>();
  return startBrokenServer(upstream, (req) => {
    const key = `${req.method} ${req.url.pathname}${req.url.search}`;
    let reply = cache.get(key);
    if (!reply) {
      reply = req.forward();
      cache.set(key, reply);
    }
    return reply;
  });
}

type Body = Record<string, unknown>;

/** One injected difference: the request it applies to and how the body changes. */
export interface Injection {
  applies(pathname: string, query: URLSearchParams): boolean;
  edit(body: Body): Body | Reply;
}

/** Forwards; applies each matching injection to a 200 JSON answer of a GET. */
export function injecting(injections: readonly Injection[]): Handler {
  return async (req) => {
    const reply = await req.forward();
    const own = injections.filter((i) => i.applies(req.url.pathname, req.url.searchParams));
    if (req.method !== "GET" || reply.status !== 200 || own.length === 0) return reply;
    let body = JSON.parse(reply.body) as Body;
    for (const injection of own) {
      const edited = injection.edit(body);
      if ("status" in edited && "contentType" in edited && typeof edited.body === "string")
        return edited as Reply;
      body = edited as Body;
    }
    return json(200, body);
  };
}
