import type { RequestHandler } from "express";
import { ApiError } from "../api/errors.js";
import { compilePath } from "./path-template.js";

const HTTP_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;

interface RouteShape {
  pattern: RegExp;
  methods: string[];
}

/**
 * Answers every request no route took: 405 with `Allow` when the path exists under another method,
 * 404 otherwise. Both in the JSON error envelope.
 *
 * @param paths the spec's `paths` object plus any extra non-spec routes (e.g. `/docs`).
 */
export function createRouteFallback(paths: Record<string, Record<string, unknown>>): RequestHandler {
  const routes: RouteShape[] = Object.entries(paths).map(([template, item]) => {
    const methods = HTTP_METHODS.filter((m) => m in item).map((m) => m.toUpperCase());
    // Express answers HEAD for every GET route, so advertise it.
    if (methods.includes("GET") && !methods.includes("HEAD")) methods.push("HEAD");
    return { pattern: compilePath(template).pattern, methods };
  });
  return (req, _res, next) => {
    const route = routes.find((r) => r.pattern.test(req.path));
    if (route && !route.methods.includes(req.method)) {
      next(
        new ApiError(
          405,
          `method ${req.method} is not allowed on ${req.path}; allowed: ${route.methods.join(", ")}`,
          {
            headers: { Allow: route.methods.join(", ") },
          },
        ),
      );
      return;
    }
    next(
      new ApiError(
        404,
        `no route for ${req.method} ${req.path}; see /docs for the operations this server serves`,
      ),
    );
  };
}
