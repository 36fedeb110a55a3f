// Generated from spec/src by `pnpm --filter @weft/spec generate`. Do not edit.
export interface paths {
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Liveness
         * @description Answers 200 as long as the process serves HTTP. It does not touch the database; use `/ready` for that.
         */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Readiness
         * @description Answers 200 when the database is reachable and every committed migration has been applied, 503
         *     otherwise. Load balancers should route traffic only to ready replicas.
         */
        get: operations["getReady"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Prometheus metrics
         * @description Prometheus text exposition: `http_requests_total` and `http_request_duration_seconds` (histogram)
         *     labelled by method, route template and status, plus Node.js process metrics.
         */
        get: operations["getMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/swagger/doc.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This API description
         * @description The bundled OpenAPI 3.1 document of this deployment (the path the reference indexer uses for its
         *     own Swagger document). A human-readable reference is served at `/docs`.
         */
        get: operations["getSwaggerDoc"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Error: components["schemas"]["error"];
        /**
         * @description One problem. Request validation failures carry `field` (where the value came from, e.g.
         *     `query.pagination.limit`) and `description`; the Router API may carry google.rpc.ErrorInfo-shaped
         *     entries (`@type`, `reason`, `domain`, `metadata`) as Skip does.
         */
        "error-detail": {
            /** @description Type URL of the detail, when it has one (e.g. `type.googleapis.com/google.rpc.ErrorInfo`). */
            "@type"?: string;
            /** @description The request location of the offending value (`query.X`, `path.X`, `body.X`). */
            field?: string;
            /** @description What is wrong with that value. */
            description?: string;
            /** @description Machine-readable reason (Skip `ErrorInfo.reason`). */
            reason?: string;
            /** @description Error domain (Skip `ErrorInfo.domain`). */
            domain?: string;
            /** @description Extra key/value context. */
            metadata?: {
                [key: string]: string;
            };
        } & {
            [key: string]: unknown;
        };
        /**
         * @description The one error envelope of both APIs (the kvindexer and Skip Go shape). `code` is a gRPC status code
         *     that matches the HTTP status: 3 INVALID_ARGUMENT (400), 5 NOT_FOUND (404), 8 RESOURCE_EXHAUSTED (413),
         *     12 UNIMPLEMENTED (405), 2 UNKNOWN (500), 14 UNAVAILABLE (503).
         */
        error: {
            /**
             * @description gRPC status code.
             * @example 3
             */
            code: number;
            /**
             * @description What went wrong, naming the offending parameter or resource, and how to fix it.
             * @example pagination.limit must be between 1 and 1000
             */
            message: string;
            /** @description Structured detail, one entry per problem; empty when the message says it all. */
            details: components["schemas"]["error-detail"][];
        };
        /** @description Outcome of the readiness checks. */
        readiness: {
            /**
             * @description Always `ready` on a 200.
             * @constant
             */
            status: "ready";
            /**
             * @description The database answered a query.
             * @constant
             */
            database: "ok";
            /** @description Migration bookkeeping read from the database. */
            migrations: {
                /** @description Migrations recorded as applied. */
                applied: number;
                /** @description Committed migrations not applied yet (0 when ready). */
                pending: number;
            };
        };
    };
    responses: {
        /** @description An unexpected server error. Internals are never exposed; the request id is in the logs. */
        "internal-error": {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["error"];
            };
        };
    };
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The process is alive. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Always `ok`.
                         * @constant
                         */
                        status: "ok";
                    };
                };
            };
            500: components["responses"]["internal-error"];
        };
    };
    getReady: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ready to serve. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["readiness"];
                };
            };
            500: components["responses"]["internal-error"];
            /** @description Not ready; `message` says which check failed. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error"];
                };
            };
        };
    };
    getMetrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Metrics in the Prometheus text format 0.0.4. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            500: components["responses"]["internal-error"];
        };
    };
    getSwaggerDoc: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The OpenAPI document. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description OpenAPI version of the document. */
                        openapi: string;
                        /** @description Title and version. */
                        info: Record<string, never>;
                        /** @description Every operation. */
                        paths: Record<string, never>;
                    };
                };
            };
            500: components["responses"]["internal-error"];
        };
    };
}
