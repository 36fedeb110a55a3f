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

/** The first size of the byte queue; it doubles when a burst needs more (up to the pending bound). */
const QUEUE_START_BYTES = 2 * WRITE_AT_BYTES;

export function createLogSink(
  fd: number,
  options: { maxPendingBytes?: number; write?: typeof fsWrite; writeSync?: typeof writeSync } = {},
): LogSink {
  const maxPending = options.maxPendingBytes ?? MAX_PENDING_BYTES;
  const writeAsync = options.write ?? fsWrite;
  const writeNow = options.writeSync ?? writeSync;
  // Lines are copied into bytes as they come, not kept as strings until their write: under load a
  // write's lines waited through several young-generation collections (a 64 KiB write is 16 trips
  // to the thread pool), were promoted, and the old generation grew ~20 MB/s into mark-compacts
  // that paused a worker 10-16 ms (a cache hit's p99 at 50 connections 13-18 ms, 4 ms without the
  // access log). Bytes live outside the JavaScript heap; each string dies young. Two buffers take
  // turns (one filling, one being written): a new 128 KiB buffer per write was ~20 MB/s of external
  // memory, which V8 answered with a mark-compact every 0.3-1.5 s all the same.
  let queue: Buffer = Buffer.allocUnsafe(QUEUE_START_BYTES);
  /** The other buffer, free once the write of its bytes is done. */
  let spare: Buffer | undefined = Buffer.allocUnsafe(QUEUE_START_BYTES);
  let queuedBytes = 0;
  let queuedLines = 0;
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
    dropped += sending + queuedLines;
    sending = 0;
    queuedBytes = 0;
    queuedLines = 0;
  };

  /**
   * Everything queued, as the bytes of a buffer that is no longer filled (`done` hands it back
   * once written); its lines become `sending`.
   */
  const take = (): { bytes: Buffer; done: () => void } => {
    const full = queue;
    const bytes = full.subarray(0, queuedBytes);
    sending = queuedLines;
    queue = spare ?? Buffer.allocUnsafe(QUEUE_START_BYTES);
    spare = undefined;
    queuedBytes = 0;
    queuedLines = 0;
    return {
      bytes,
      // A buffer a burst grew (up to the pending bound) is let go rather than kept for good.
      done: () => {
        spare = full.length <= QUEUE_START_BYTES ? full : undefined;
      },
    };
  };

  /** Appends `line`'s UTF-8 bytes, growing the queue when it might not fit (3 bytes per UTF-16 unit at most). */
  const enqueue = (line: string) => {
    const room = queuedBytes + 3 * line.length;
    if (room > queue.length) {
      const grown = Buffer.allocUnsafe(Math.max(room, 2 * queue.length));
      queue.copy(grown, 0, 0, queuedBytes);
      queue = grown;
    }
    queuedBytes += queue.write(line, queuedBytes);
    queuedLines++;
  };

  const send = (taken: ReturnType<typeof take>, offset: number) => {
    const { bytes } = taken;
    writing = true;
    writeAsync(fd, bytes, offset, chunkEnd(bytes, offset) - offset, null, (err, written) => {
      if (err) {
        if (isFull(err)) {
          setTimeout(() => send(taken, offset), RETRY_FULL_MS).unref();
          return;
        }
        stop(err);
        return;
      }
      if (offset + written < bytes.length) return send(taken, offset + written);
      taken.done();
      writing = false;
      if (queuedLines > 0) schedule();
    });
  };

  let timer: NodeJS.Timeout | undefined;
  const drain = () => {
    scheduled = false;
    clearTimeout(timer);
    if (writing || broken || queuedLines === 0) return;
    send(take(), 0);
  };
  /** Starts the next write after the gathering (at once when much is queued), unless one waits. */
  const schedule = () => {
    if (queuedBytes >= WRITE_AT_BYTES) return drain();
    if (scheduled) return;
    scheduled = true;
    // Unref'd: lines waiting never keep the process alive; the exit flush writes them.
    timer = setTimeout(drain, GATHER_MS).unref();
  };

  return {
    write(line) {
      // The bound counts UTF-16 units for bytes: exact for ASCII, which log lines nearly all are.
      if (broken || queuedBytes + line.length > maxPending) {
        dropped++;
        return true;
      }
      enqueue(line);
      if (!writing) schedule();
      return true;
    },
    flushSync() {
      if (broken || queuedLines === 0) return;
      // A write in flight finishes on its own (it is the kernel's already or the thread pool's);
      // what is queued behind it goes now.
      const { bytes } = take();
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
