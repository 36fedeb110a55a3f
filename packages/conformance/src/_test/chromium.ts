import { existsSync } from "node:fs";
import { type Browser, chromium } from "playwright-core";

/** Debian's chromium (`apt-get install chromium`); Playwright's own browser download fails offline. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Whether browser tests can run. CI must provide Chromium; elsewhere the tests skip. */
export function chromiumAvailable(): boolean {
  if (existsSync(CHROMIUM_PATH)) return true;
  if (process.env.CI === "true")
    throw new Error(`CI must provide Chromium at ${CHROMIUM_PATH} (apt-get install chromium)`);
  return false;
}

/** Headless Chromium with the flags a closed network needs (no background networking). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}
