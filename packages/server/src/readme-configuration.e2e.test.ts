/**
 * The README's Configuration table is the settings' documentation, checked against their one
 * declaration (SETTINGS in config.ts): it must name every setting by its variable and flag, in the
 * declared order, with the commands the setting declares; each command must list in its --help
 * exactly the flags the table gives it, and the real CLI must accept every one of them.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runWeft } from "./_test/spawn-weft.js";
import { COMMANDS, SETTINGS } from "./config.js";

const README = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../README.md");

/** A valid value for each setting that has no default (the others are given their default). */
const SAMPLE_VALUES: Record<string, string> = {
  DATABASE_URL: "postgres://127.0.0.1:1/weft",
  CHAIN_ID: "weft-1",
  RPC_URL: "http://127.0.0.1:26657",
  REST_URL: "http://127.0.0.1:1317",
  JSON_RPC_URL: "http://127.0.0.1:8545",
  ROUTER_REGISTRY: "devnet",
  METRICS_PORT: "0",
  // Any file passes the setting's check; the devnet registry is a chains file too.
  CHAINS_FILE: path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../registries/devnet.json"),
};

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

  it("lists the settings in their declared order, each with the commands it declares", () => {
    expect(rows.map((r) => [r.variable, r.commands.toSorted()])).toEqual(
      Object.values(SETTINGS).map((s) => [s.env, [...s.commands].sort()]),
    );
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

  // The parser itself, not only its help: every documented flag of the command, each with a valid
  // value, and --log-level last with a bad one, so the command stops at the settings, before any
  // database or node. A flag the parser rejects fails first with "unknown option" (exit 1).
  it.each(COMMANDS)("`weft %s` accepts every flag the table gives it", async (command) => {
    const documented = rows.filter((r) => r.commands.includes(command) && r.variable !== "LOG_LEVEL");
    expect(rows.find((r) => r.variable === "LOG_LEVEL")?.commands).toContain(command);
    const args = documented.flatMap((row) => {
      const value =
        SAMPLE_VALUES[row.variable] ?? Object.values(SETTINGS).find((s) => s.env === row.variable)?.fallback;
      expect(value, `a valid value for ${row.variable}`).toBeDefined();
      return [row.flag, value as string];
    });
    const { code, stderr } = await runWeft([command, ...args, "--log-level", "loud"], {});
    expect(stderr).toBe(
      'weft: invalid --log-level="loud": expected one of fatal, error, warn, info, debug, trace, silent\n',
    );
    expect(code).toBe(2);
  });
});
