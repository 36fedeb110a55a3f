import { createServer, type Server } from "node:http";
import { afterAll, describe, expect, it } from "vitest";
import { useInProcessServer } from "./in-process-server.js";

let server: Server | undefined;

// Registered before the kit's own afterAll: after-hooks run last-registered first, so this one
// runs once the kit has closed the server.
afterAll(() => {
  expect(server?.listening).toBe(false);
});

const url = useInProcessServer(() => {
  server = createServer((_req, res) => res.end("ok")).listen(0, "127.0.0.1");
  return server;
});

describe("useInProcessServer", () => {
  it("serves the caller's server on 127.0.0.1 during the file's tests", async () => {
    expect(url()).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(await (await fetch(url())).text()).toBe("ok");
  });
});
