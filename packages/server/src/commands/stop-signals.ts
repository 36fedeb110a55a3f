/** How `serve` and `dev` learn that they should stop. */

/**
 * Repeats of a stop signal within this window are the same request: `pnpm start` forwards a Ctrl-C to
 * its script, which the terminal already sent it, so the server gets SIGINT twice at once.
 */
const REPEATED_SIGNAL_WINDOW_MS = 1_000;

/**
 * SIGTERM/SIGINT as one stop request, watched from before startup: a stop asked for while the
 * database opens is a clean stop once serving, not the default signal death (exit 130, which pnpm
 * reports as ELIFECYCLE), and so is the second SIGINT pnpm forwards. A signal again after the
 * window (a second Ctrl-C by hand) stops at once.
 */
export function watchStopSignals(): AbortSignal {
  const controller = new AbortController();
  let firstAt = 0;
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, () => {
      if (!controller.signal.aborted) {
        firstAt = Date.now();
        controller.abort(signal);
      } else if (Date.now() - firstAt > REPEATED_SIGNAL_WINDOW_MS) {
        process.stderr.write(`weft: ${signal} again: stopping now, without waiting\n`);
        process.exit(signal === "SIGINT" ? 130 : 143);
      }
    });
  }
  return controller.signal;
}

/** SIGTERM alone (an HTTP worker: a Ctrl-C is the primary's to handle). */
export function terminationRequest(): AbortSignal {
  const controller = new AbortController();
  process.once("SIGTERM", () => controller.abort("SIGTERM"));
  return controller.signal;
}
