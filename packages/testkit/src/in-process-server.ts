/**
 * A server in the test process for the duration of a test file: the caller builds and listens it
 * (Weft's `createApp(...).listen(0, "127.0.0.1")` on its own database, or a bare listener), the kit
 * waits for it before the file's tests, hands out its base URL and closes it after them. The app
 * comes from the caller because the kit cannot import @weft/server: the server's own tests use the
 * kit, and a dependency back would be a workspace cycle.
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll } from "vitest";

/** @returns the server's base URL (`http://127.0.0.1:<port>`), valid once the file's tests run. */
export function useInProcessServer(listen: () => Server | Promise<Server>): () => string {
  let server: Server | undefined;
  let url = "";
  beforeAll(async () => {
    const started = await listen();
    server = started;
    if (!started.listening) await new Promise((resolve) => started.once("listening", resolve));
    url = `http://127.0.0.1:${(started.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));
  return () => {
    if (!url) throw new Error("the in-process server is not started yet (read its URL inside a test)");
    return url;
  };
}
