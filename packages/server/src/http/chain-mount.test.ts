import type { IncomingMessage, ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import { mountChains } from "./chain-mount.js";

/**
 * Which listener a request reached, with the URL it saw; or the status the mount answered itself,
 * and the headers it set then.
 */
function send(url: string, cors: { origins?: string[]; origin?: string } = {}) {
  let reached = "";
  const to = (name: string) => (req: IncomingMessage) => {
    reached = `${name} ${req.url}`;
  };
  const mount = mountChains({
    root: to("root"),
    chains: new Map([
      ["alpha-1", to("alpha-1")],
      ["beta-1", to("beta-1")],
    ]),
    ...(cors.origins ? { corsOrigins: cors.origins } : {}),
  });
  const headers: Record<string, string> = {};
  const res = {
    statusCode: 200,
    setHeader: (name: string, value: string) => {
      headers[name] = value;
    },
    end: (text: string) => {
      reached = `answered ${res.statusCode} ${JSON.parse(text).message}`;
    },
  };
  const requestHeaders = cors.origin ? { origin: cors.origin } : {};
  mount({ url, headers: requestHeaders } as IncomingMessage, res as unknown as ServerResponse);
  return { reached, headers };
}

const route = (url: string) => send(url).reached;

describe("mountChains", () => {
  it("gives a chain's app its paths without the prefix, query kept", () => {
    expect(route("/alpha-1/indexer/block/v1/blocks?pagination.limit=2")).toBe(
      "alpha-1 /indexer/block/v1/blocks?pagination.limit=2",
    );
    expect(route("/beta-1/status")).toBe("beta-1 /status");
    expect(route("/beta-1/status/")).toBe("beta-1 /status/");
    expect(route("/alpha-1/swagger/doc.json")).toBe("alpha-1 /swagger/doc.json");
    expect(route("/alpha-1/ready")).toBe("alpha-1 /ready");
    // The contract's getMetrics, as at a one-chain deployment's base (the conformance CLI asks it).
    expect(route("/alpha-1/metrics")).toBe("alpha-1 /metrics");
  });

  it("leaves the root's paths, and a chain's non-indexer paths, to the root", () => {
    expect(route("/v2/info/chains")).toBe("root /v2/info/chains");
    expect(route("/alpha-1/v2/info/chains")).toBe("root /alpha-1/v2/info/chains");
    expect(route("/alpha-1")).toBe("root /alpha-1");
    expect(route("/alpha-1?x=1")).toBe("root /alpha-1?x=1");
    expect(route("/alpha-12/status")).toBe("root /alpha-12/status");
    expect(route("/metrics")).toBe("root /metrics");
    expect(route("/alpha-1/docs")).toBe("root /alpha-1/docs");
    expect(route("/indexers")).toBe("root /indexers");
  });

  it("answers the indexer's paths at the root with 404 naming every chain's base", () => {
    expect(route("/status")).toBe(
      "answered 404 no chain named in /status: this deployment serves several chains, each under its own base URL (/alpha-1, /beta-1); ask /{chain_id}/status",
    );
    expect(route("/indexer/tx/v1/txs?pagination.limit=1")).toMatch(
      /^answered 404 no chain named in \/indexer\/tx\/v1\/txs:/,
    );
  });

  it("sends the 404 it answers itself with the deployment's CORS headers, so a browser reads it", () => {
    expect(send("/status").headers["Access-Control-Allow-Origin"]).toBe("*");
    const origins = ["https://scan.example"];
    const allowed = send("/status", { origins, origin: "https://scan.example" }).headers;
    expect(allowed["Access-Control-Allow-Origin"]).toBe("https://scan.example");
    expect(allowed["Access-Control-Expose-Headers"]).toBe("x-request-id");
    const other = send("/status", { origins, origin: "https://elsewhere.example" }).headers;
    expect(other["Access-Control-Allow-Origin"]).toBeUndefined();
    expect(other.Vary).toBe("Origin");
  });
});
