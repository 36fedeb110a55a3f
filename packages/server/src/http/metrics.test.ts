import { describe, expect, it } from "vitest";
import { createTestApp, serveForTests } from "../_test/test-app.js";
import { useTestDatabase } from "../_test/test-database.js";

describe("/metrics", () => {
  const database = useTestDatabase();
  const url = serveForTests(() => createTestApp({ db: database().db }));

  it("counts requests and times them by route template and status", async () => {
    await fetch(`${url()}/health`);
    await fetch(`${url()}/health`);
    await fetch(`${url()}/nowhere/at/all`);
    const res = await fetch(`${url()}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toContain('http_requests_total{method="GET",route="/health",status="200"} 2');
    // Unknown paths share one label, so a scanner cannot blow up label cardinality.
    expect(text).toContain('http_requests_total{method="GET",route="unmatched",status="404"} 1');
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/health",status="200"\} \d/,
    );
    expect(text).toContain("process_cpu_user_seconds_total");
  });
});
