import express, { type Express } from "express";
import { getAbsoluteFSPath } from "swagger-ui-dist";

/** Long-lived cache for the renderer's versioned static assets; the spec itself is never cached. */
const ASSET_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** The document the `/docs` page renders (see {@link pageDocument}). */
const PAGE_DOCUMENT_PATH = "/docs/openapi.json";

/**
 * The document as the `/docs` page uses it: "Try it out" must call the deployment serving the page,
 * wherever that is (a random port, a proxy's host), not the `servers` entry the contract lists for
 * readers (`http://localhost:8080`). A relative server URL resolves against the page's own origin.
 */
function pageDocument(spec: object, servers: readonly DocsServer[]): object {
  return {
    ...spec,
    servers: [{ url: "/", description: "this deployment (the one serving this page)" }, ...servers],
  };
}

/** A base URL the `/docs` page offers besides the root: a chain's, in a deployment of several. */
export interface DocsServer {
  url: string;
  description: string;
}

/**
 * `/swagger/doc.json`: the bundled OpenAPI document (the path the reference indexer uses), and
 * `/docs`: an API reference rendered from it by Swagger UI, served from local assets (no CDN).
 */
export function registerApiDocsRoutes(app: Express, spec: object, servers: readonly DocsServer[] = []): void {
  const body = JSON.stringify(spec);
  app.get("/swagger/doc.json", (_req, res) => {
    res.type("application/json").send(body);
  });

  const pageBody = JSON.stringify(pageDocument(spec, servers));
  app.get(PAGE_DOCUMENT_PATH, (_req, res) => {
    res.type("application/json").send(pageBody);
  });
  app.use("/docs/assets", express.static(getAbsoluteFSPath(), { index: false, maxAge: ASSET_MAX_AGE_MS }));
  app.get("/docs", (_req, res) => {
    res.type("html").send(DOCS_HTML);
  });
}

const DOCS_HTML = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Weft API reference</title>
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <link rel="stylesheet" href="/docs/assets/swagger-ui.css">
  <style>body { margin: 0; } .topbar { display: none; }</style>
</head>
<body>
  <div id="weft-api-reference"></div>
  <script src="/docs/assets/swagger-ui-bundle.js"></script>
  <script>
    window.ui = SwaggerUIBundle({
      url: "${PAGE_DOCUMENT_PATH}",
      dom_id: "#weft-api-reference",
      deepLinking: true,
      docExpansion: "list",
      defaultModelsExpandDepth: 0,
      tryItOutEnabled: true,
    });
  </script>
</body>
</html>
`;

export const DOCS_PATHS = {
  "/docs": { get: {} },
  [PAGE_DOCUMENT_PATH]: { get: {} },
  "/docs/assets/{file}": { get: {} },
} as const;
