/**
 * The HTML report renders in a real browser: headless Chromium opens the page, a screenshot is
 * taken (kept under test-results/), and the key elements are there and visible.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromiumAvailable, launchChromium } from "@weft/testkit/chromium";
import { describe, expect, it } from "vitest";
import { sampleReport } from "../_test/sample-report.js";
import { toHtml } from "./html.js";

const SCREENSHOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../test-results");

describe.skipIf(!chromiumAvailable())("HTML report in headless Chromium", () => {
  it("shows the verdict, class summary, endpoint matrix and the failure with its request", async () => {
    const browser = await launchChromium();
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await page.setContent(toHtml(sampleReport()), { waitUntil: "load" });
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      const shot = await page.screenshot({
        path: path.join(SCREENSHOT_DIR, "conformance-report.png"),
        fullPage: true,
      });
      expect(shot.length).toBeGreaterThan(10_000);
      expect(await page.title()).toBe("Weft conformance: does not conform");
      expect(await page.locator("#verdict").textContent()).toBe("DOES NOT CONFORM (1 failed)");
      expect(await page.locator("#class-summary tbody tr").count()).toBe(6);
      expect(await page.locator('#class-summary tr[data-class="blocks"] td').allTextContents()).toEqual([
        "blocks",
        "1",
        "1",
        "0",
      ]);
      const row = page.locator('#endpoint-matrix tr[data-operation="listBlocks"]');
      await expect.poll(() => row.isVisible()).toBe(true);
      expect(await row.locator("td.fail").textContent()).toBe("1✗");
      const failure = page.locator("article.failure");
      expect(await failure.count()).toBe(1);
      expect(await failure.textContent()).toContain(
        "GET http://indexer.test/indexer/block/v1/blocks?pagination.limit=2",
      );
      expect(await page.locator("#skips li").count()).toBe(2);
    } finally {
      await browser.close();
    }
  });
});
