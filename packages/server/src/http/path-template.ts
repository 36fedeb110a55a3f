/**
 * Spec path templates as regular expressions, shared by the operation router and the 404/405
 * fallback so both agree on what a path is.
 */

/** `/blocks/{height}` -> /^\/blocks\/([^/]+)\/?$/i: case and a trailing slash ignored, like the reference. */
export function compilePath(template: string): { pattern: RegExp; paramNames: string[] } {
  const paramNames: string[] = [];
  const source = template
    .split("/")
    .map((segment) => {
      const param = /^\{([^}]+)\}$/.exec(segment);
      if (!param?.[1]) return segment.replace(/[.*+?^$()|[\]\\]/g, "\\$&");
      paramNames.push(param[1]);
      return "([^/]+)";
    })
    .join("/");
  return { pattern: new RegExp(`^${source}/?$`, "i"), paramNames };
}
