/**
 * The repository README's figure for a conformance run is the count the suite registers: it said
 * "about 400 checks" while runs counted 516, because nothing read it back. The count is the
 * contract's (checks per operation and parameter) plus the fixed laws, whatever the deployment.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createContract } from "./contract.js";
import { registeredChecks } from "./run-conformance.js";

const README = readFileSync(path.resolve(import.meta.dirname, "../../../README.md"), "utf8");

/** The README's section `title`, up to the next `## `. */
function section(title: string): string {
  return new RegExp(`^## ${title}\\n([\\s\\S]*?)^## `, "m").exec(README)?.[1] ?? "";
}

describe("the README's conformance figures", () => {
  it("gives the number of checks a run counts", () => {
    const figure = /\bruns (\d+) checks\b/.exec(section("Checking a deployment"))?.[1];
    expect(figure, 'README "Checking a deployment" should say "runs N checks"').toBeDefined();
    expect(Number(figure)).toBe(registeredChecks(createContract()).length);
  });
});
