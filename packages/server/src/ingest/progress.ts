/**
 * Ingestion progress: on a terminal one self-rewriting status line (height, blocks/s, lag); elsewhere a
 * structured log line every `logEveryMs`, so log collectors are not flooded.
 */
import type { Logger } from "pino";

const LOG_EVERY_MS = 5_000;
/** The message of the progress line, which a terminal's log view folds into a summary (terminal-log.ts). */
export const INGEST_PROGRESS_MSG = "ingest progress";
const TTY_REFRESH_MS = 200;
/** blocks/s is averaged over this window so the figure is steady but current. */
const RATE_WINDOW_MS = 10_000;

export interface Progress {
  /** Block `height` was committed; the node's head is `head`. */
  committed(height: bigint, head: bigint): void;
  done(): void;
}

export function createProgress(options: {
  chainId: string;
  logger: Logger;
  /** Where the terminal line goes; omit for logs only. @default undefined */
  tty?: NodeJS.WriteStream | undefined;
  now?: () => number;
  logEveryMs?: number;
}): Progress {
  const now = options.now ?? Date.now;
  const samples: { at: number; height: bigint }[] = [];
  let lastPrint = 0;
  let last: { height: bigint; head: bigint } | undefined;

  const rate = (): number => {
    const first = samples[0];
    const newest = samples.at(-1);
    if (!first || !newest || newest.at === first.at) return 0;
    return (Number(newest.height - first.height) * 1000) / (newest.at - first.at);
  };

  const render = (): string => {
    if (!last) return "";
    const lag = last.head > last.height ? last.head - last.height : 0n;
    return `ingest ${options.chainId}: height ${last.height} / ${last.head}  ${rate().toFixed(1)} blocks/s  lag ${lag}`;
  };

  return {
    committed(height, head) {
      const at = now();
      last = { height, head };
      samples.push({ at, height });
      while (samples.length > 2 && (samples[0]?.at ?? at) < at - RATE_WINDOW_MS) samples.shift();
      if (options.tty) {
        if (at - lastPrint >= TTY_REFRESH_MS) {
          options.tty.write(`\r\x1b[2K${render()}`);
          lastPrint = at;
        }
      } else if (at - lastPrint >= (options.logEveryMs ?? LOG_EVERY_MS)) {
        options.logger.info(
          {
            chain_id: options.chainId,
            height: Number(height),
            head: Number(head),
            blocks_per_s: Number(rate().toFixed(1)),
            lag: Number(head > height ? head - height : 0n),
          },
          INGEST_PROGRESS_MSG,
        );
        lastPrint = at;
      }
    },
    done() {
      if (options.tty && last) options.tty.write(`\r\x1b[2K${render()}\n`);
    },
  };
}
