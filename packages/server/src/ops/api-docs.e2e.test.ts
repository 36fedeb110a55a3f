import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromiumAvailable, launchChromium } from "@weft/testkit/chromium";
import { describe, expect, it } from "vitest";
import { createTestApp, serveForTests } from "../_test/test-app.js";
import { useTestDatabase } from "../_test/test-database.js";
import { loadSpecDocument } from "../spec-document.js";

const SCREENSHOT = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../test-results/docs-page.png",
);

describe("API reference", () => {
  const database = useTestDatabase();
  const url = serveForTests(() => createTestApp({ db: database().db }));

  it("serves the bundled spec at /swagger/doc.json, byte for byte", async () => {
    const res = await fetch(`${url()}/swagger/doc.json`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(loadSpecDocument());
  });

  it("serves the renderer from local assets (no CDN)", async () => {
    const html = await (await fetch(`${url()}/docs`)).text();
    const sources = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(sources.length).toBeGreaterThan(0);
    for (const src of sources) {
      expect(src).toMatch(/^\/docs\/assets\//);
      expect((await fetch(`${url()}${src}`)).status, src).toBe(200);
    }
  });

  it("points the page's \"Try it out\" at the deployment serving it (a relative server), not the spec's localhost:8080", async () => {
    const page = `${url()}/docs`;
    const html = await (await fetch(page)).text();
    const config = /SwaggerUIBundle\(\{([\s\S]*?)\}\);/.exec(html)?.[1] ?? "";
    // The page either embeds its document or loads it by URL; here it loads it.
    const documentUrl = /\burl:\s*"([^"]+)"/.exec(config)?.[1];
    expect(documentUrl, config).toBeDefined();
    const res = await fetch(new URL(documentUrl ?? "", page));
    expect(res.status).toBe(200);
    const served = (await res.json()) as { servers?: { url: string }[] };
    expect(served.servers?.length).toBeGreaterThan(0);
    for (const server of served.servers ?? []) {
      expect(server.url).not.toMatch(/^[a-z]+:|^\/\//i);
      // Swagger UI resolves a relative server against the document's URL: this very app.
      expect(new URL(server.url, new URL(documentUrl ?? "", page)).origin).toBe(new URL(url()).origin);
    }
    // Nothing else differs from the contract.
    expect({ ...served, servers: loadSpecDocument().servers }).toEqual(loadSpecDocument());
  });

  it.runIf(chromiumAvailable())(
    "renders every operation in headless Chromium",
    async () => {
      const browser = await launchChromium();
      try {
        const page = await browser.newPage({ viewport: { width: 1280, height: 2000 } });
        const blocked: string[] = [];
        page.on("requestfailed", (r) => blocked.push(r.url()));
        await page.goto(`${url()}/docs`);
        await page.waitForSelector(".opblock-summary", { timeout: 20_000 });
        // Rendered text is the point: what a person sees, not the DOM source.
        // biome-ignore lint/performance/useDomNodeTextContent: Playwright locator, not a DOM node
        const text = await page.locator("body").innerText();
        const spec = loadSpecDocument();
        for (const [p, item] of Object.entries(spec.paths)) {
          expect(text, `path ${p}`).toContain(p);
          for (const op of Object.values(item) as { summary?: string }[]) {
            if (op.summary) expect(text, `summary of ${p}`).toContain(op.summary);
          }
        }
        expect(text).toContain("Weft API");
        await page.screenshot({ path: SCREENSHOT, fullPage: false });
        expect(blocked).toEqual([]);
      } finally {
        await browser.close();
      }
    },
    60_000,
  );
});
