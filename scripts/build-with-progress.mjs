#!/usr/bin/env node
/**
 * `pnpm start`'s build, told as it goes: `node scripts/build-with-progress.mjs turbo run build ...`
 * runs the turbo command given and prints which packages it builds, a line as each task starts
 * (what is unchanged since the last build is only counted), a line when it has been quiet a while,
 * and how long it took. Left to itself, turbo with `--output-logs=errors-only` said "Running build
 * in 5 packages" and nothing else for the 74 s of a first start, which looked like a hang.
 *
 * The task output is kept, not shown: when the build fails, all of it is printed and the exit code
 * is turbo's, so `pnpm start` stops before starting `weft dev` on a stale build.
 */
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { stripVTControlCharacters } from "node:util";

/** A quiet build says it is still at it this often. */
const STILL_BUILDING_EVERY_MS = 15_000;

const [command, ...args] = process.argv.slice(2);
if (!command) {
  process.stderr.write("usage: node scripts/build-with-progress.mjs <build command> [args...]\n");
  process.exit(2);
}

const started = Date.now();
const seconds = () => Math.round((Date.now() - started) / 1000);
/** `12 s` or `2 min 9 s`. */
const duration = (s) => (s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${s % 60} s`);
const say = (text) => process.stderr.write(`weft: ${text}\n`);

const output = [];
let tasks = 0;
let unchanged = 0;
let lastSaid = Date.now();
const progress = (text) => {
  say(`${String(seconds()).padStart(4)} s  ${text}`);
  lastSaid = Date.now();
};

// turbo's own terminal handling is not wanted: its lines are read here, one by one.
const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], env: process.env });
// A Ctrl-C reaches turbo too (one process group): its exit code decides, as if it ran alone.
process.on("SIGINT", () => undefined);
process.on("SIGTERM", () => child.kill("SIGTERM"));

const onLine = (raw) => {
  const line = stripVTControlCharacters(raw);
  output.push(raw);
  const scope = /Packages in scope: (.+)$/.exec(line);
  if (scope) {
    const packages = scope[1].split(",").map((p) => p.trim());
    say(
      `building ${packages.join(", ")} (${packages.length} packages; the first start takes a minute or two, later ones rebuild only what changed)`,
    );
    lastSaid = Date.now();
    return;
  }
  const task = /^(\S+?):([\w:-]+): cache (hit|miss|bypass)/.exec(line);
  if (!task) return;
  tasks++;
  if (task[3] === "hit") unchanged++;
  else progress(`${task[1]} ${task[2]}`);
};
for (const stream of [child.stdout, child.stderr]) createInterface({ input: stream }).on("line", onLine);

const still = setInterval(() => {
  if (Date.now() - lastSaid >= STILL_BUILDING_EVERY_MS) progress("still building");
}, 1_000);

child.on("error", (err) => {
  clearInterval(still);
  say(`cannot run ${command}: ${err.message}`);
  process.exit(1);
});
child.on("close", (code, signal) => {
  clearInterval(still);
  if (code === 0) {
    say(`built in ${duration(seconds())} (${tasks} tasks, ${unchanged} unchanged)`);
    return;
  }
  // What turbo said is the explanation: all of it, as it came.
  process.stderr.write(`${output.join("\n")}\n`);
  say(`the build did not finish (${signal ?? `exit code ${code}`}): see above`);
  process.exit(code ?? 1);
});
