/**
 * A TCP proxy from a local port to a target (Postgres, a node) whose behaviour a test switches at
 * runtime, to play the faults a database sees in production:
 * - `pass`: forwards both ways.
 * - `refuse`: a restart. Stops listening (clients get ECONNREFUSED) and resets every open connection.
 * - `blackhole`: a partition. Open connections stay open but nothing crosses in either direction;
 *   new connections are accepted and never answered. Bytes sent meanwhile wait (the sockets are
 *   paused: Node's and the kernel's buffers hold them), so when the partition heals they flow again
 *   as TCP retransmissions would.
 * `cut()` resets every open connection at once whatever the mode (a failover, pg_terminate_backend).
 */
import net from "node:net";

export type FaultMode = "pass" | "refuse" | "blackhole";

export interface FaultProxy {
  readonly host: string;
  readonly port: number;
  readonly mode: FaultMode;
  /** Connections open through the proxy now (client side). */
  readonly openConnections: number;
  /** Connections accepted since the start. */
  readonly acceptedConnections: number;
  /** Switches the mode; resolves once the listening socket is in its new state. */
  setMode(mode: FaultMode): Promise<void>;
  /** Resets every open connection now (both sides); the mode stays. */
  cut(): void;
  close(): Promise<void>;
}

/**
 * When no port is asked for, one is picked below Linux's ephemeral range (32768-60999): `refuse`
 * gives the port up and `pass` takes it back, so an outgoing connection must not take it meanwhile.
 */
const PORT_RANGE = { from: 20_000, to: 32_000 };
const LISTEN_ATTEMPTS = 20;
const RELISTEN_RETRY_MS = 50;

interface Pair {
  client: net.Socket;
  /** Undefined while a connection accepted during a black hole waits for the partition to heal. */
  upstream: net.Socket | undefined;
}

/**
 * Forwards `from` to `to` by hand rather than with pipe(): pipe() resumes its source on the
 * destination's `drain`, which would let bytes through a black hole.
 */
function forward(from: net.Socket, to: net.Socket, held: () => boolean): void {
  from.on("data", (chunk: Buffer) => {
    // A chunk read in the instant the black hole began goes back, to cross when it heals.
    if (held()) {
      from.pause();
      from.unshift(chunk);
      return;
    }
    if (!to.write(chunk)) from.pause();
  });
  to.on("drain", () => {
    if (!held()) from.resume();
  });
  from.on("end", () => to.end());
}

/** Starts a proxy in `pass` mode listening on `host:port` (a free port by default). */
export async function startFaultProxy(options: {
  target: { host: string; port: number };
  host?: string;
  port?: number;
}): Promise<FaultProxy> {
  const host = options.host ?? "127.0.0.1";
  const pairs = new Set<Pair>();
  let mode: FaultMode = "pass";
  let accepted = 0;
  let server: net.Server | undefined;

  const destroy = (pair: Pair) => {
    pairs.delete(pair);
    pair.client.destroy();
    pair.upstream?.destroy();
  };

  /** Connects a client to the target and forwards both ways; both sockets go when either does. */
  const connectUpstream = (pair: Pair) => {
    const upstream = net.connect(options.target.port, options.target.host);
    pair.upstream = upstream;
    upstream.setNoDelay(true);
    const held = () => mode === "blackhole";
    forward(pair.client, upstream, held);
    forward(upstream, pair.client, held);
    upstream.on("error", () => destroy(pair));
    upstream.on("close", () => destroy(pair));
  };

  const onConnection = (client: net.Socket) => {
    accepted++;
    client.setNoDelay(true);
    const pair: Pair = { client, upstream: undefined };
    pairs.add(pair);
    client.on("error", () => destroy(pair));
    client.on("close", () => destroy(pair));
    if (mode === "refuse") return destroy(pair); // accepted in the instant before the listener closed
    if (mode === "blackhole") return void client.pause();
    connectUpstream(pair);
  };

  const listen = async (port: number): Promise<net.Server> => {
    const s = net.createServer(onConnection);
    await new Promise<void>((resolve, reject) => {
      s.once("error", reject);
      s.listen(port, host, () => {
        s.off("error", reject);
        resolve();
      });
    });
    return s;
  };

  let port = options.port ?? 0;
  for (let attempt = 0; ; attempt++) {
    const candidate =
      options.port ?? PORT_RANGE.from + Math.floor(Math.random() * (PORT_RANGE.to - PORT_RANGE.from));
    try {
      server = await listen(candidate);
      port = candidate;
      break;
    } catch (err) {
      if (options.port !== undefined || attempt >= LISTEN_ATTEMPTS) throw err;
    }
  }

  /**
   * Stops listening and resets every open connection. server.close() calls back only once its
   * connections are gone, so they are destroyed before it is awaited.
   */
  const refuse = async () => {
    const s = server;
    server = undefined;
    const closed = s ? new Promise<void>((resolve) => s.close(() => resolve())) : undefined;
    for (const pair of [...pairs]) destroy(pair);
    await closed;
  };

  /** Takes the port back after a refusal; a socket still closing on it may hold it for a moment. */
  const relisten = async () => {
    for (let attempt = 0; ; attempt++) {
      try {
        server = await listen(port);
        return;
      } catch (err) {
        if (attempt >= LISTEN_ATTEMPTS) throw err;
        await new Promise((r) => setTimeout(r, RELISTEN_RETRY_MS));
      }
    }
  };

  return {
    host,
    port,
    get mode() {
      return mode;
    },
    get openConnections() {
      return pairs.size;
    },
    get acceptedConnections() {
      return accepted;
    },
    async setMode(next) {
      const previous = mode;
      mode = next;
      if (next === "refuse") return refuse();
      if (!server) await relisten();
      if (next === "blackhole") {
        for (const pair of pairs) {
          pair.client.pause();
          pair.upstream?.pause();
        }
        return;
      }
      if (previous === "blackhole") {
        for (const pair of [...pairs]) {
          if (!pair.upstream) connectUpstream(pair);
          pair.client.resume();
          pair.upstream?.resume();
        }
      }
    },
    cut() {
      for (const pair of [...pairs]) destroy(pair);
    },
    async close() {
      mode = "refuse";
      await refuse();
    },
  };
}
