/**
 * Requests Node's HTTP parser refuses before any listener runs (a control character in a header, raw
 * non-ASCII in the URL, an unknown method, an over-long head, a head that never ends), HTTP/1.1
 * requests without a Host header, and CONNECT. Node answers those with a bare status line and no body, or closes
 * the socket; here they get a full HTTP/1.1 response with the one error envelope and
 * `Connection: close`, wherever the socket can still take one. The API description (spec, info)
 * lists these connection-level statuses.
 */
import {
  createServer,
  type IncomingMessage,
  type Server,
  type ServerOptions,
  type ServerResponse,
  STATUS_CODES,
} from "node:http";
import type { Socket } from "node:net";
import type { Duplex } from "node:stream";
import { ApiError } from "../api/errors.js";
import { sendError } from "./error-middleware.js";

/** How long a refused connection may take to read its answer before it is cut. */
const CLOSE_GRACE_MS = 1_000;

/** The answer to a parser error, by Node's error code; any other code is a 400. */
const ANSWERS: Readonly<Record<string, { status: number; message: string }>> = {
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    message: "request timeout: the request head or body took too long",
  },
  HPE_HEADER_OVERFLOW: {
    status: 431,
    message: "request header fields too large: the request line and headers exceed the server's limit",
  },
  HPE_INVALID_METHOD: {
    status: 501,
    message: "unknown HTTP method: this server implements GET, HEAD, POST and OPTIONS",
  },
};

/** A full HTTP/1.1 response with the envelope, written straight to a socket no response object owns. */
function rawResponse(error: ApiError): string {
  const body = JSON.stringify(error.toBody());
  return [
    `HTTP/1.1 ${error.status} ${STATUS_CODES[error.status] ?? ""}`,
    "Content-Type: application/json; charset=utf-8",
    `Content-Length: ${Buffer.byteLength(body)}`,
    ...Object.entries(error.headers).map(([name, value]) => `${name}: ${value}`),
    "Connection: close",
    "",
    body,
  ].join("\r\n");
}

/** The full HTTP/1.1 response the parser error `code` gets: status line, headers, envelope. */
export function clientErrorResponse(code: string | undefined, reason: string): string {
  const answer = ANSWERS[code ?? ""] ?? { status: 400, message: `malformed HTTP request: ${reason}` };
  return rawResponse(new ApiError(answer.status, answer.message));
}

/** Ends `socket` with `response`, cutting it if the client does not read it in time. */
function endWith(socket: Socket, response: string): void {
  socket.end(response);
  setTimeout(() => socket.destroy(), CLOSE_GRACE_MS).unref();
}

/**
 * The server's `clientError` listener. Writes only on a socket that has sent nothing yet (as Node's
 * own answer does): after part of a response, another would corrupt the stream.
 */
export function answerClientError(err: Error & { code?: string; reason?: string }, duplex: Duplex): void {
  const socket = duplex as Socket;
  if (err.code === "ECONNRESET" || !socket.writable || socket.bytesWritten > 0) {
    socket.destroy();
    return;
  }
  // `reason` is llhttp's own words ("Invalid header value char"); the message adds "Parse Error: ".
  endWith(socket, clientErrorResponse(err.code, err.reason ?? err.message));
}

/**
 * CONNECT (a proxy tunnel) never reaches a request listener: Node hands the socket to `connect`
 * listeners, and with none closes it without a word. This server is no proxy: a 405 saying so.
 */
export function answerConnect(_req: IncomingMessage, duplex: Duplex): void {
  const error = new ApiError(405, "method CONNECT is not allowed: this server is not a proxy", {
    headers: { Allow: "GET, HEAD, POST, OPTIONS" },
  });
  endWith(duplex as Socket, rawResponse(error));
}

/** An HTTP/1.1 request without Host, which Node itself would answer with an empty 400. */
function missingHost(req: IncomingMessage): boolean {
  return req.httpVersionMajor === 1 && req.httpVersionMinor === 1 && req.headers.host === undefined;
}

/**
 * The node:http server of an app: parser errors and a missing Host answered with the envelope.
 * @param options node:http server options (tests shorten `connectionsCheckingInterval`).
 */
export function createApiServer(
  listener: (req: IncomingMessage, res: ServerResponse) => void,
  options: ServerOptions = {},
): Server {
  // Node's requireHostHeader check answers before the listener; the same check runs here instead.
  const server = createServer({ ...options, requireHostHeader: false }, (req, res) => {
    if (!missingHost(req)) return listener(req, res);
    sendError(
      res,
      new ApiError(400, "missing Host header: HTTP/1.1 requests must carry one", {
        details: [{ field: "header.host", description: "is required in HTTP/1.1" }],
        headers: { Connection: "close" },
      }),
    );
  });
  server.on("clientError", answerClientError);
  server.on("connect", answerConnect);
  return server;
}
