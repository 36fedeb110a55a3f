/**
 * The README's Configuration table is the settings' documentation: it must name every setting of
 * config.ts by its variable and flag, and each command must take (and list in its --help) exactly
 * the flags the table says it takes, so the table and the CLI cannot drift apart again.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runWeft } from "./_test/spawn-weft.js";
import { SETTINGS } from "./config.js";

const README = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../README.md");
const COMMANDS = ["serve", "dev", "ingest", "migrate"] as const;

interface Row {
  variable: string;
  flag: string;
  commands: string[];
}

/** The rows of the table under `## Configuration`: variable, flag, commands, default, meaning. */
function configurationTable(markdown: string): Row[] {
  const section = /^## Configuration\n([\s\S]*?)^## /m.exec(markdown)?.[1] ?? "";
  const lines = section.split("\n").filter((l) => l.startsWith("|"));
  const header = lines[0]?.split("|").map((c) => c.trim());
  expect(header?.slice(1, 4)).toEqual(["variable", "flag", "commands"]);
  return lines.slice(2).map((line) => {
    const [, variable = "", flag = "", commands = ""] = line.split("|").map((c) => c.trim());
    return {
      variable: variable.replace(/`/g, ""),
      flag: flag.replace(/`/g, ""),
      commands: commands.split(",").map((c) => c.trim()),
    };
  });
}

/** `--flag` -> the variable `[env: X]` beside it, for every option of a command's help. */
function helpOptions(help: string): Record<string, string> {
  const options = help.split(/^Options:\n/m)[1] ?? "";
  const out: Record<string, string> = {};
  // An option starts at a line indented by two spaces; its description may wrap over more lines.
  for (const entry of options.split(/\n(?= {2}-)/)) {
    const flag = /^\s*(?:-\w, )?(--[a-z0-9-]+)/.exec(entry)?.[1];
    if (!flag || flag === "--help") continue;
    out[flag] = /\[env: ([A-Z0-9_]+)\]/.exec(entry.replace(/\s+/g, " "))?.[1] ?? "(no env)";
  }
  return out;
}

describe("README Configuration table", () => {
  const rows = configurationTable(readFileSync(README, "utf8"));

  it("names every setting of config.ts by its variable and flag, and nothing else", () => {
    const documented = Object.fromEntries(rows.map((r) => [r.variable, r.flag]));
    const settings = Object.fromEntries(Object.values(SETTINGS).map((s) => [s.env, `--${s.flag}`]));
    expect(documented).toEqual(settings);
  });

  it("lists only commands that exist", () => {
    for (const row of rows) {
      for (const command of row.commands) expect(COMMANDS, row.variable).toContain(command);
    }
  });

  it.each(COMMANDS)(
    "`weft %s --help` shows exactly the flags the table gives it, each with its variable",
    async (command) => {
      const { code, stdout } = await runWeft([command, "--help"], {});
      expect(code).toBe(0);
      const expected = Object.fromEntries(
        rows.filter((r) => r.commands.includes(command)).map((r) => [r.flag, r.variable]),
      );
      expect(helpOptions(stdout)).toEqual(expected);
    },
  );
});
