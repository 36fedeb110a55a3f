/**
 * The fault proxy in front of a TCP echo server: each mode seen from a client the way a database
 * driver sees it (refused connect, reset connection, silence that heals).
 */
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FaultProxy, startFaultProxy } from "./fault-proxy.js";

/** How long "nothing arrives" is watched for; the echo answers in well under 1 ms. */
const SILENCE_MS = 300;

let echo: net.Server;
let proxy: FaultProxy;

beforeAll(async () => {
  echo = net.createServer((socket) => {
    socket.on("error", () => undefined);
    socket.pipe(socket);
  });
  await new Promise<void>((resolve) => echo.listen(0, "127.0.0.1", resolve));
  const { port } = echo.address() as net.AddressInfo;
  proxy = await startFaultProxy({ target: { host: "127.0.0.1", port } });
});

afterAll(async () => {
  await proxy.close();
  await new Promise((resolve) => echo.close(resolve));
});

/** A client socket that records what it receives and how it ended. */
async function connect(): Promise<{ socket: net.Socket; received: () => string; closed: Promise<string> }> {
  const socket = net.connect(proxy.port, proxy.host);
  let data = "";
  socket.on("data", (c: Buffer) => {
    data += c.toString();
  });
  const closed = new Promise<string>((resolve) => {
    socket.on("error", (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
    socket.on("close", () => resolve("closed"));
  });
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("error", reject);
  });
  return { socket, received: () => data, closed };
}

/** Resolves once `done()` holds, or rejects after `withinMs`. */
async function until(done: () => boolean, withinMs = 2_000): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`not within ${withinMs} ms: ${done.toString()}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** Resolves once `received()` equals `expected`, or rejects after `withinMs`. */
async function receives(received: () => string, expected: string, withinMs = 2_000): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (received() !== expected) {
    if (Date.now() > deadline)
      throw new Error(`received ${JSON.stringify(received())}, expected ${expected}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("the fault proxy", () => {
  it("forwards both ways in pass mode", async () => {
    const c = await connect();
    c.socket.write("hello");
    await receives(c.received, "hello");
    expect(proxy.openConnections).toBe(1);
    c.socket.destroy();
    await until(() => proxy.openConnections === 0);
  });

  it("refuses new connections and resets open ones, then takes its port back", async () => {
    const open = await connect();
    await proxy.setMode("refuse");
    expect(await open.closed).toMatch(/^(closed|ECONNRESET|EPIPE)$/);
    const refused = await connect().then(
      () => "connected",
      (err: NodeJS.ErrnoException) => err.code,
    );
    expect(refused).toBe("ECONNREFUSED");
    await proxy.setMode("pass");
    const c = await connect();
    c.socket.write("again");
    await receives(c.received, "again");
    c.socket.destroy();
  });

  it("lets nothing through a black hole, on open and new connections, and delivers it once healed", async () => {
    const open = await connect();
    open.socket.write("a");
    await receives(open.received, "a");
    await proxy.setMode("blackhole");
    open.socket.write("b");
    // A new connection is accepted (as a kernel backlog would) but never answered.
    const late = await connect();
    late.socket.write("c");
    await sleep(SILENCE_MS);
    expect(open.received()).toBe("a");
    expect(late.received()).toBe("");
    await proxy.setMode("pass");
    await receives(open.received, "ab");
    await receives(late.received, "c");
    open.socket.destroy();
    late.socket.destroy();
  });

  it("closes a connection its client gave up on during the black hole once it heals", async () => {
    await until(() => proxy.openConnections === 0);
    await proxy.setMode("blackhole");
    const c = await connect();
    c.socket.destroy();
    await sleep(100);
    await proxy.setMode("pass");
    await until(() => proxy.openConnections === 0);
  });

  it("cuts every open connection at once and keeps accepting new ones", async () => {
    const a = await connect();
    const b = await connect();
    a.socket.write("x");
    await receives(a.received, "x");
    proxy.cut();
    expect(await a.closed).toMatch(/^(closed|ECONNRESET)$/);
    expect(await b.closed).toMatch(/^(closed|ECONNRESET)$/);
    expect(proxy.openConnections).toBe(0);
    const c = await connect();
    c.socket.write("y");
    await receives(c.received, "y");
    c.socket.destroy();
  });
});
