import { existsSync } from "node:fs";
import { type Browser, chromium } from "playwright-core";

/** Debian's chromium (`apt-get install chromium`); Playwright's own browser download fails offline. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * Whether browser tests can run. CI installs chromium and must run them; elsewhere (a fresh clone
 * with only Node and npm) they are skipped with this reason.
 */
export function chromiumAvailable(): boolean {
  if (existsSync(CHROMIUM_PATH)) return true;
  if (process.env.CI === "true")
    throw new Error(`CI must provide Chromium at ${CHROMIUM_PATH} (apt-get install chromium)`);
  return false;
}

/** Headless Chromium with the flags this closed network needs (no background networking). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}
