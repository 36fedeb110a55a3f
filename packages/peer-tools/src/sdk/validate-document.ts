/**
 * `openapi-generator-cli validate` on a document, its report parsed: the errors (any fails the
 * contract) and the warnings (each one the suite knows and justifies, see validate.test.ts).
 */
import { runGenerator } from "../toolchain/generator-jar.js";

export interface Validation {
  ok: boolean;
  errors: string[];
  warnings: string[];
  output: string;
}

/**
 * The items of one section of the report ("Errors:" or "Warnings:"): each starts with a tab and
 * `- `, and long ones continue on lines indented past the dash, joined back here with spaces.
 */
function section(output: string, title: string): string[] {
  const items: string[] = [];
  let inside = false;
  for (const line of output.split("\n")) {
    if (/^\S/.test(line)) inside = line.trim() === title;
    else if (inside && /^\t- /.test(line)) items.push(line.slice(3).trim());
    else if (inside && /^\t {2}\S/.test(line) && items.length > 0) {
      items[items.length - 1] += ` ${line.trim()}`;
    }
  }
  return items;
}

export function validateDocument(jar: string, document: string): Validation {
  const { status, stdout, stderr } = runGenerator(jar, ["validate", "-i", document], { allowFailure: true });
  // A clean report is on stdout; a failing one on stderr, among the parser's stack traces.
  const output = `${stdout}\n${stderr}`;
  return {
    ok: status === 0,
    errors: section(output, "Errors:"),
    warnings: section(output, "Warnings:"),
    output,
  };
}
