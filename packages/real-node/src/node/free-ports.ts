/**
 * Ports chosen at runtime. Several nodes, weft processes and other test runs share this machine, so a
 * fixed port (26657, 1317, 8545...) would collide; the kernel hands out an unused one for port 0.
 */
import { createServer, type Server } from "node:net";

function listenOnZero(): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve(server));
  });
}

/**
 * `count` distinct free ports on 127.0.0.1. All listeners stay open until every port is known, so the
 * kernel cannot hand the same port out twice; they close before the caller binds them (a small race
 * with other processes remains, which the node's start would report as "address already in use").
 */
export async function freePorts(count: number): Promise<number[]> {
  const servers: Server[] = [];
  try {
    for (let i = 0; i < count; i++) servers.push(await listenOnZero());
    return servers.map((s) => {
      const address = s.address();
      if (address === null || typeof address === "string") throw new Error("no TCP address");
      return address.port;
    });
  } finally {
    await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  }
}
