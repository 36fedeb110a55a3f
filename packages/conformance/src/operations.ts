/**
 * The operations a deployment is checked against, read from the contract itself, so a new operation
 * in spec/ is covered without touching the suite.
 */
export const HTTP_METHODS = ["get", "put", "post", "delete", "patch"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export interface OperationRef {
  method: HttpMethod;
  path: string;
  operationId: string;
  tag: string;
}

interface SpecLike {
  paths: Record<string, Partial<Record<string, { operationId?: string; tags?: string[] }>>>;
}

/** Every operation of an OpenAPI document, in document order. @throws when one lacks an operationId or tag. */
export function listOperations(spec: SpecLike): OperationRef[] {
  const out: OperationRef[] = [];
  for (const [path, item] of Object.entries(spec.paths)) {
    for (const method of HTTP_METHODS) {
      const op = item[method];
      if (!op) continue;
      const tag = op.tags?.[0];
      if (!op.operationId || !tag)
        throw new Error(`${method.toUpperCase()} ${path} has no operationId or tag`);
      out.push({ method, path, operationId: op.operationId, tag });
    }
  }
  return out;
}
