/**
 * Where log lines go: a file descriptor (stdout), written asynchronously, the lines of a few
 * milliseconds gathered into one write. A log reader that goes away (a closed pipe, a crashed shipper) stops
 * the logging, never the service: the lines are dropped and counted.
 *
 * Why not pino's own destination (sonic-boom 4): its synchronous flush, which pino runs when the
 * process exits, retries every failed write, not only EAGAIN: with the reader of stdout gone it
 * wrote EPIPE forever and the process never exited (a `weft serve 2>&1 | true` hung holding its
 * port). Here every write error but EAGAIN ends the logging at once, and the flush at exit is bounded.
 */
import { write as fsWrite, writeSync } from "node:fs";

export interface LogSink {
  /** Queues one line (pino's destination contract: a string, newline included). */
  write(line: string): boolean;
  /** Writes what is queued now, synchronously, giving up after `EXIT_FLUSH_MS` (at process exit). */
  flushSync(): void;
  /** Lines not written: the reader was gone or too slow (more than `maxPendingBytes` waited). */
  readonly dropped: number;
  /** Why the logging stopped (a write error other than EAGAIN), if it did. */
  readonly broken: Error | undefined;
}

/** A reader this far behind is not coming back soon: newer lines are dropped rather than held. */
const MAX_PENDING_BYTES = 16 * 1024 * 1024;
/**
 * Lines are gathered this long before a write: each write is a hand-off to the thread pool and a
 * system call, and under load one per event-loop turn was a tenth of a cache hit's cost. A line is
 * on its way at most this late; a SIGKILL loses at most this many milliseconds of lines.
 */
const GATHER_MS = 10;
/** Past this much queued, the write starts without waiting out the gathering. */
const WRITE_AT_BYTES = 64 * 1024;
/** A non-blocking descriptor that is full (EAGAIN) is tried again after this long. */
const RETRY_FULL_MS = 10;
/** The most the exit flush waits for a full descriptor to take the rest. */
const EXIT_FLUSH_MS = 1_000;

/**
 * Each write is at most this many bytes of whole lines (a longer line goes alone): PIPE_BUF on Linux,
 * the most a write to a pipe is atomic for. `weft serve`'s workers share their primary's stdout, so
 * a larger write could interleave with another process's mid-line and break both lines' JSON.
 */
export const ATOMIC_WRITE_BYTES = 4096;

/** Where the write starting at `offset` ends: past the last newline within the atomic size. */
function chunkEnd(bytes: Buffer, offset: number): number {
  if (bytes.length - offset <= ATOMIC_WRITE_BYTES) return bytes.length;
  const last = bytes.lastIndexOf(0x0a, offset + ATOMIC_WRITE_BYTES - 1);
  if (last >= offset) return last + 1;
  const next = bytes.indexOf(0x0a, offset + ATOMIC_WRITE_BYTES);
  return next < 0 ? bytes.length : next + 1;
}

const isFull = (err: NodeJS.ErrnoException) => err.code === "EAGAIN" || err.code === "EWOULDBLOCK";

export function createLogSink(
  fd: number,
  options: { maxPendingBytes?: number; write?: typeof fsWrite; writeSync?: typeof writeSync } = {},
): LogSink {
  const maxPending = options.maxPendingBytes ?? MAX_PENDING_BYTES;
  const writeAsync = options.write ?? fsWrite;
  const writeNow = options.writeSync ?? writeSync;
  let queue: string[] = [];
  let queuedChars = 0;
  /** Lines in the write in flight (dropped with it if it fails). */
  let sending = 0;
  let writing = false;
  let scheduled = false;
  let dropped = 0;
  let broken: Error | undefined;

  /** Ends the logging: the lines of the failed write and every queued one are dropped. */
  const stop = (err: NodeJS.ErrnoException) => {
    broken = err;
    writing = false;
    dropped += sending + queue.length;
    sending = 0;
    queue = [];
    queuedChars = 0;
  };

  /** Everything queued, as one buffer; its lines become `sending`. */
  const take = (): Buffer => {
    const bytes = Buffer.from(queue.join(""));
    sending = queue.length;
    queue = [];
    queuedChars = 0;
    return bytes;
  };

  const send = (bytes: Buffer, offset: number) => {
    writing = true;
    writeAsync(fd, bytes, offset, chunkEnd(bytes, offset) - offset, null, (err, written) => {
      if (err) {
        if (isFull(err)) {
          setTimeout(() => send(bytes, offset), RETRY_FULL_MS).unref();
          return;
        }
        stop(err);
        return;
      }
      if (offset + written < bytes.length) return send(bytes, offset + written);
      writing = false;
      if (queue.length > 0) schedule();
    });
  };

  let timer: NodeJS.Timeout | undefined;
  const drain = () => {
    scheduled = false;
    clearTimeout(timer);
    if (writing || broken || queue.length === 0) return;
    send(take(), 0);
  };
  /** Starts the next write after the gathering (at once when much is queued), unless one waits. */
  const schedule = () => {
    if (queuedChars >= WRITE_AT_BYTES) return drain();
    if (scheduled) return;
    scheduled = true;
    // Unref'd: lines waiting never keep the process alive; the exit flush writes them.
    timer = setTimeout(drain, GATHER_MS).unref();
  };

  return {
    write(line) {
      if (broken || queuedChars + line.length > maxPending) {
        dropped++;
        return true;
      }
      queue.push(line);
      queuedChars += line.length;
      if (!writing) schedule();
      return true;
    },
    flushSync() {
      if (broken || queue.length === 0) return;
      // A write in flight finishes on its own (it is the kernel's already or the thread pool's);
      // what is queued behind it goes now.
      const bytes = take();
      const deadline = Date.now() + EXIT_FLUSH_MS;
      let offset = 0;
      while (offset < bytes.length) {
        try {
          offset += writeNow(fd, bytes, offset, chunkEnd(bytes, offset) - offset);
        } catch (err) {
          if (!isFull(err as NodeJS.ErrnoException) || Date.now() > deadline) {
            stop(err as NodeJS.ErrnoException);
            return;
          }
        }
      }
    },
    get dropped() {
      return dropped;
    },
    get broken() {
      return broken;
    },
  };
}
