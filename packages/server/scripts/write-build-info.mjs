#!/usr/bin/env node
// Runs after tsc: writes dist/build-info.json, the build's version and commit that /status reports
// (src/build-info.ts: git rev-parse HEAD and package.json, then WEFT_COMMIT/WEFT_VERSION, then "unknown").
import path from "node:path";
import { detectBuildInfo, writeBuildInfo } from "../dist/build-info.js";

const here = path.dirname(new URL(import.meta.url).pathname);
const info = detectBuildInfo({ cwd: here, packageJson: path.resolve(here, "../package.json") });
writeBuildInfo(path.resolve(here, "../dist/build-info.json"), info);
console.log(`write-build-info: version ${info.version}, commit ${info.commitHash}`);
