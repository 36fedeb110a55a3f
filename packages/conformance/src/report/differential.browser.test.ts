/**
 * The differential HTML report renders in headless Chromium: verdict, counts, the endpoint x
 * difference-kind matrix (open and accepted cells), and both difference tables.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromiumAvailable, launchChromium } from "@weft/testkit/chromium";
import { describe, expect, it } from "vitest";
import { groupDifferences } from "../difference-groups.js";
import type { DifferentialReport } from "../run-differential.js";
import { toDifferentialHtml } from "./differential.js";

const SCREENSHOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../test-results");

const bare: Omit<DifferentialReport, "groups"> = {
  mode: "differential",
  indexerUrl: "http://a.test",
  compareUrl: "http://b.test",
  startedAt: "2026-01-01T00:00:00.000Z",
  durationMs: 1234,
  discovery: { chain_id: "weft-devnet-1" },
  operations: [
    { operationId: "getStatus", method: "GET", path: "/status", class: "blocks" },
    { operationId: "listTxs", method: "GET", path: "/indexer/tx/v1/txs", class: "txs" },
  ],
  compared: [
    {
      operationId: "getStatus",
      class: "blocks",
      path: "/status",
      status: { a: 200, b: 200 },
      responses: 2,
      differences: [
        {
          kind: "key-renamed",
          pointer: "/chain_id",
          a: "chain_id",
          b: "chainId<script>",
          operationId: "getStatus",
          path: "/status",
          accepted: { reason: "B spells it the old way" },
        },
      ],
    },
    {
      operationId: "listTxs",
      class: "txs",
      path: "/indexer/tx/v1/txs",
      status: { a: 200, b: 200 },
      responses: 8,
      records: { a: 20, b: 21, truncated: false },
      differences: [
        {
          kind: "value",
          pointer: "/txs/7/gas_used",
          a: '"229800"',
          b: '"1"',
          operationId: "listTxs",
          path: "/indexer/tx/v1/txs",
        },
        {
          kind: "record-extra",
          pointer: "/txs/-",
          a: "(absent)",
          b: "record X at 9",
          operationId: "listTxs",
          path: "/indexer/tx/v1/txs",
        },
      ],
    },
  ],
  summary: { requests: 2, responses: 10, differences: 2, accepted: 1 },
  ok: false,
};
const report: DifferentialReport = {
  ...bare,
  groups: groupDifferences(
    bare.compared.flatMap((c) => c.differences),
    bare.operations,
  ),
};

describe.skipIf(!chromiumAvailable())("differential HTML report in headless Chromium", () => {
  it("shows the verdict, counts, the endpoint x difference-kind matrix and the differences", async () => {
    const html = toDifferentialHtml(report);
    expect(html).not.toMatch(/<script|<link|src="http/);
    const browser = await launchChromium();
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await page.setContent(html, { waitUntil: "load" });
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, "differential-report.png"), fullPage: true });
      expect(await page.title()).toBe("Weft differential: different");
      expect(await page.locator("#verdict").textContent()).toBe("DIFFERENT (2 differences)");
      expect(await page.locator("#counts").textContent()).toBe(
        "2 requests, 10 responses, 2 differences, 1 accepted",
      );
      expect(await page.locator("#difference-matrix thead th").allTextContents()).toEqual([
        "operation",
        "status A / B",
        "responses",
        "differences",
        "key-renamed",
        "value",
        "record-extra",
      ]);
      const txs = page.locator('#difference-matrix tr[data-operation="listTxs"]');
      await expect.poll(() => txs.isVisible()).toBe(true);
      expect(await txs.locator("td.diff").allTextContents()).toEqual(["2", "1✗", "1✗"]);
      const status = page.locator('#difference-matrix tr[data-operation="getStatus"]');
      expect(await status.locator("td.accepted").allTextContents()).toEqual(["1", "1 accepted"]);
      expect(await page.locator("#difference-groups tbody tr").count()).toBe(3);
      expect(await page.locator("#differences tbody tr").count()).toBe(2);
      expect(await page.locator("#accepted tbody tr").textContent()).toContain("B spells it the old way");
    } finally {
      await browser.close();
    }
  });
});
