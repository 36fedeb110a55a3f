#!/usr/bin/env node
/** `weft-conformance`: the only module with process side effects (argv, streams, exit code). */
import { runCli } from "./cli-program.js";

process.exitCode = await runCli(process.argv, {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  color: process.stdout.isTTY === true && !process.env.NO_COLOR,
});
