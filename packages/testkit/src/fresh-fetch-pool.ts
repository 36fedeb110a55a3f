/**
 * Setup of every test file that shares its worker's modules (`isolate: false` in the server's e2e
 * project and the client's: importing the server anew for every file cost most of their runs): a
 * fresh connection pool for `fetch`. Node's global fetch dispatcher is shared with the modules, so a
 * keep-alive socket left by one file to a server it closed could be reused by the next file for a
 * new server on the same port and fail with ECONNRESET. Node bundles undici without exporting its
 * Agent, so the new pool is made from the current one's class.
 */
const DISPATCHER = Symbol.for("undici.globalDispatcher.1");
type Dispatcher = { close(): Promise<void>; constructor: new () => Dispatcher };
const global = globalThis as unknown as Record<symbol, Dispatcher | undefined>;

// Undefined until this worker's first fetch (the first file then starts fresh anyway).
const previous = global[DISPATCHER];
if (previous) {
  global[DISPATCHER] = new previous.constructor();
  previous.close().catch(() => undefined);
}
