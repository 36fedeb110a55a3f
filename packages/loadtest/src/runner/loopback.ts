/**
 * Load is only ever sent to this machine: a load or soak test against anything but loopback is
 * refused before a single request leaves.
 */
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

export function assertLoopback(url: string): void {
  const host = new URL(url).hostname;
  if (!LOOPBACK_HOSTS.has(host) && !/^127\.\d+\.\d+\.\d+$/.test(host)) {
    throw new Error(`refusing to send load to ${host}: the runner targets loopback (127.0.0.0/8, ::1) only`);
  }
}
