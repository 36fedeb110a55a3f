/** The Go toolchain on PATH, for the Go SDK's smoke test (`go test`). */
import { findRuntime, type Runtime } from "./runtime.js";

export const findGo = (): Runtime | undefined => findRuntime("go", ["version"]);
