import { describe, expect, it } from "vitest";
import { useInProcessWeft } from "./_test/in-process-weft.js";
import { createIndexerClient } from "./index.js";

const weftUrl = useInProcessWeft();

describe("createIndexerClient against a real in-process server", () => {
  it("returns typed data for a success", async () => {
    const client = createIndexerClient({ baseUrl: `${weftUrl()}/` });
    const { data, error, response } = await client.GET("/ready");
    expect(error).toBeUndefined();
    expect(response.status).toBe(200);
    expect(data?.migrations.pending).toBe(0);
  });

  it("returns the error envelope for a failure and sends custom headers", async () => {
    const seen: string[] = [];
    const client = createIndexerClient({
      baseUrl: weftUrl(),
      headers: { "x-request-id": "client-test-1" },
      fetch: async (input: Request) => {
        seen.push(input.headers.get("x-request-id") ?? "");
        return fetch(input);
      },
    });
    const { data, error, response } = await client.GET("/health");
    expect(data).toEqual({ status: "ok" });
    expect(error).toBeUndefined();
    expect(response.headers.get("x-request-id")).toBe("client-test-1");
    expect(seen).toEqual(["client-test-1"]);
  });
});
