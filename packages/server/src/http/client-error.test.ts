import type { Server } from "node:http";
import { type AddressInfo, connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiServer } from "./client-error.js";

/** Short enough for a test, long enough for a loaded machine to send a whole head. */
const HEAD_TIMEOUT_MS = 1_000;

let server: Server;
let port = 0;
beforeAll(async () => {
  server = createApiServer((_req, res) => res.end("ok"), { connectionsCheckingInterval: 100 });
  server.headersTimeout = HEAD_TIMEOUT_MS;
  server.requestTimeout = HEAD_TIMEOUT_MS;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Writes `raw` on a fresh socket and reads until the server closes it. */
function exchange(raw: string | Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(raw));
    let text = "";
    socket.on("data", (chunk) => {
      text += chunk.toString("utf8");
    });
    socket.on("close", () => resolve(text));
    socket.on("error", reject);
  });
}

/** Status, the headers that matter here, and the parsed body of a raw response. */
function parse(text: string) {
  const [head = "", body = ""] = text.split("\r\n\r\n");
  const [statusLine = "", ...lines] = head.split("\r\n");
  const headers = Object.fromEntries(
    lines.map((l) => [l.slice(0, l.indexOf(":")).toLowerCase(), l.slice(l.indexOf(":") + 1).trim()]),
  );
  return {
    statusLine,
    contentType: headers["content-type"],
    connection: headers.connection,
    lengthMatches: Number(headers["content-length"]) === Buffer.byteLength(body),
    body: JSON.parse(body) as unknown,
  };
}

const envelope = (status: string, code: number, message: string, details: unknown[] = []) => ({
  statusLine: `HTTP/1.1 ${status}`,
  contentType: "application/json; charset=utf-8",
  connection: "close",
  lengthMatches: true,
  body: { code, message, details },
});

describe("parser errors answered with the envelope", () => {
  it.each([
    [
      "a control character in a header",
      "GET / HTTP/1.1\r\nHost: x\r\nX-A: a\x01b\r\n\r\n",
      "Invalid header value char",
    ],
    [
      "raw non-ASCII in the URL",
      Buffer.from("GET /é HTTP/1.1\r\nHost: x\r\n\r\n"),
      "Invalid char in url path",
    ],
    ["an unknown HTTP version", "GET / HTTP/9.9\r\nHost: x\r\n\r\n", "Invalid HTTP version"],
  ])("%s: 400", async (_name, raw, reason) => {
    expect(parse(await exchange(raw))).toEqual(
      envelope("400 Bad Request", 3, `malformed HTTP request: ${reason}`),
    );
  });

  it("an unknown method: 501", async () => {
    expect(parse(await exchange("FOO / HTTP/1.1\r\nHost: x\r\n\r\n"))).toEqual(
      envelope(
        "501 Not Implemented",
        12,
        "unknown HTTP method: this server implements GET, HEAD, POST and OPTIONS",
      ),
    );
  });

  it("an over-long head: 431", async () => {
    const raw = `GET / HTTP/1.1\r\nHost: x\r\nX-A: ${"a".repeat(20_000)}\r\n\r\n`;
    expect(parse(await exchange(raw))).toEqual(
      envelope(
        "431 Request Header Fields Too Large",
        3,
        "request header fields too large: the request line and headers exceed the server's limit",
      ),
    );
  });

  it("a head that never ends: 408 once the headers timeout passes", async () => {
    const started = Date.now();
    expect(parse(await exchange("GET / HTTP/1.1\r\nHost: x\r\n"))).toEqual(
      envelope("408 Request Timeout", 3, "request timeout: the request head or body took too long"),
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(HEAD_TIMEOUT_MS - 100);
  });

  it("an HTTP/1.1 request without Host: 400 naming the header (HTTP/1.0 needs none)", async () => {
    expect(parse(await exchange("GET / HTTP/1.1\r\n\r\n"))).toEqual(
      envelope("400 Bad Request", 3, "missing Host header: HTTP/1.1 requests must carry one", [
        { field: "header.host", description: "is required in HTTP/1.1" },
      ]),
    );
    expect(await exchange("GET / HTTP/1.0\r\n\r\n")).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*\r\n\r\nok$/);
  });

  it("CONNECT: 405, this server is no proxy", async () => {
    const text = await exchange("CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n");
    expect(parse(text)).toEqual(
      envelope("405 Method Not Allowed", 12, "method CONNECT is not allowed: this server is not a proxy"),
    );
    expect(text).toMatch(/\r\nAllow: GET, HEAD, POST, OPTIONS\r\n/);
  });

  it("leaves a well-formed request to the listener", async () => {
    expect(await exchange("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")).toMatch(
      /^HTTP\/1\.1 200 OK\r\n[\s\S]*\r\n\r\nok$/,
    );
  });
});
