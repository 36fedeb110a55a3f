import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Logger } from "pino";
import type { App } from "./app.js";
import { answerClientError, answerConnect } from "./http/client-error.js";

/** How often connections that finished their last request are closed during shutdown. */
const IDLE_SWEEP_MS = 50;

export interface RunningServer {
  server: Server;
  url: string;
  /**
   * Graceful stop: refuse new connections, let in-flight requests finish (up to `timeoutMs`, then cut
   * the rest), then run `onClosed` (e.g. close the database).
   */
  stop(): Promise<void>;
}

/** Listens and returns once the port is bound. */
export async function listen(options: {
  app: Pick<App, "listen">;
  host: string;
  port: number;
  logger: Logger;
  shutdownTimeoutMs: number;
  onClosed?: () => Promise<void>;
}): Promise<RunningServer> {
  const server = options.app.listen(options.port, options.host);
  // App.listen attaches it already; any other app (Express's own listen) gets the same answers.
  if (server.listenerCount("clientError") === 0) server.on("clientError", answerClientError);
  if (server.listenerCount("connect") === 0) server.on("connect", answerConnect);
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  });
  // Keep-alive sockets must not outlive the reverse proxy's, or it reuses a socket we just closed.
  server.keepAliveTimeout = 65_000;
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(":") ? `[${address}]` : address;
  const url = `http://${host}:${port}`;

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      const started = Date.now();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Idle keep-alive sockets would hold close() open; busy ones finish their request first and
      // become idle then, so keep sweeping until every socket is gone.
      server.closeIdleConnections();
      const sweeper = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
      const deadline = setTimeout(() => {
        options.logger.warn("shutdown deadline reached; closing remaining connections");
        server.closeAllConnections();
      }, options.shutdownTimeoutMs);
      await closed;
      clearTimeout(deadline);
      clearInterval(sweeper);
      await options.onClosed?.();
      options.logger.info({ duration_ms: Date.now() - started }, "server stopped");
    })();
    return stopping;
  };
  return { server, url, stop };
}
