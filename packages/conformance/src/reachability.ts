/**
 * Before any check: does anything answer at the deployment's URL? Against a dead URL every check
 * would fail the same way (hundreds of identical failures); one line saying so is the useful answer.
 * A TCP connection is the question asked, not an HTTP request: fetch refuses some ports outright
 * ("bad port", e.g. 1), which says nothing about whether something listens there.
 */
import { connect } from "node:net";

/** `undefined` when something accepts connections at `baseUrl`, else why not, in a few words. */
export type Reach = (baseUrl: string, timeoutMs: number) => Promise<string | undefined>;

const REASONS: Record<string, string> = {
  ECONNREFUSED: "connection refused",
  ENOTFOUND: "unknown host",
  EAI_AGAIN: "unknown host",
  ECONNRESET: "connection reset",
  EHOSTUNREACH: "host unreachable",
  ENETUNREACH: "network unreachable",
};

/** Opens (and at once closes) a TCP connection to the URL's host and port. */
export const tcpReach: Reach = (baseUrl, timeoutMs) => {
  const url = new URL(baseUrl);
  const port = Number(url.port || (url.protocol === "https:" ? 443 : 80));
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (reason: string | undefined) => {
      socket.destroy();
      resolve(reason);
    };
    socket.setTimeout(timeoutMs, () => done(`no connection within ${timeoutMs} ms`));
    socket.once("connect", () => done(undefined));
    socket.once("error", (err: NodeJS.ErrnoException) =>
      done(REASONS[err.code ?? ""] ?? err.code ?? err.message),
    );
  });
};

/**
 * @returns `undefined` when `baseUrl` answers, else the one line to print:
 *   `nothing answers at http://127.0.0.1:1: connection refused`.
 */
export async function unreachable(
  baseUrl: string,
  timeoutMs: number,
  reach: Reach,
): Promise<string | undefined> {
  const reason = await reach(baseUrl, timeoutMs);
  return reason === undefined ? undefined : `nothing answers at ${baseUrl}: ${reason}`;
}
