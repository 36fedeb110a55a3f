/** The shim's `k6` module: check, group, sleep, fail, emitting k6's `checks` and `group_duration`. */
import { emit, state } from "./state.js";

export function check<T>(
  value: T,
  checks: Record<string, (v: T) => boolean>,
  tags?: Record<string, string>,
): boolean {
  let all = true;
  for (const [name, fn] of Object.entries(checks)) {
    let ok = false;
    try {
      ok = Boolean(fn(value));
    } catch {
      ok = false;
    }
    const key = [...state.groupPath, name].join(" :: ");
    const tally = state.checks.get(key) ?? { passes: 0, fails: 0 };
    if (ok) tally.passes++;
    else tally.fails++;
    state.checks.set(key, tally);
    emit("checks", ok ? 1 : 0, { ...tags, check: name });
    all &&= ok;
  }
  return all;
}

export function group<T>(name: string, fn: () => T): T {
  state.groupPath.push(name);
  const started = performance.now();
  try {
    return fn();
  } finally {
    // Emitted before leaving: k6 tags a group's duration with the group's own path.
    emit("group_duration", performance.now() - started);
    state.groupPath.pop();
  }
}

/** The shim is a smoke test: pauses between iterations are skipped, not slept. */
export function sleep(_seconds: number): void {}

export function fail(message?: string): never {
  throw new Error(message ?? "k6 fail()");
}

export default { check, group, sleep, fail };
