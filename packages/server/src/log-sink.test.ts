import { closeSync, openSync, readFileSync, rmSync, type write } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setImmediate as nextTurn } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { ATOMIC_WRITE_BYTES, createLogSink } from "./log-sink.js";

type WriteCallback = (err: NodeJS.ErrnoException | null, written: number) => void;

/** A descriptor that answers each write as `answer` says (bytes taken, or an error code). */
function fakeDescriptor(answer: (chunk: Buffer, call: number) => number | string) {
  const taken: Buffer[] = [];
  const calls: string[] = [];
  const respond = (buffer: Buffer, offset: number, length: number): number => {
    const chunk = buffer.subarray(offset, offset + length);
    calls.push(chunk.toString());
    const result = answer(chunk, calls.length);
    if (typeof result === "string") throw Object.assign(new Error(result), { code: result });
    // Copied, as the kernel does: the sink may fill the buffer again once the write is done.
    taken.push(Buffer.from(chunk.subarray(0, result)));
    return result;
  };
  const writeAsync = ((
    _fd: number,
    buffer: Buffer,
    offset: number,
    length: number,
    _p: null,
    cb: WriteCallback,
  ) => {
    setImmediate(() => {
      try {
        cb(null, respond(buffer, offset, length));
      } catch (err) {
        cb(err as NodeJS.ErrnoException, 0);
      }
    });
  }) as unknown as typeof write;
  const writeNow = (_fd: number, buffer: Buffer, offset: number, length: number) =>
    respond(buffer, offset, length);
  return {
    options: { write: writeAsync, writeSync: writeNow as never },
    calls,
    text: () => Buffer.concat(taken).toString(),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const settle = async (turns = 5) => {
  for (let i = 0; i < turns; i++) await nextTurn();
};

describe("log sink", () => {
  it("gathers the lines of a few milliseconds into one write, in order", async () => {
    const fd = fakeDescriptor((chunk) => chunk.length);
    const sink = createLogSink(9, fd.options);
    for (let i = 0; i < 50; i++) {
      sink.write(`line ${i}\n`);
      if (i % 10 === 0) await settle(1);
    }
    await sleep(30);
    sink.write("later\n");
    await sleep(30);
    expect(fd.calls).toHaveLength(2);
    expect(fd.text()).toBe(`${Array.from({ length: 50 }, (_, i) => `line ${i}\n`).join("")}later\n`);
  });

  it("writes at once, without the gathering, when much is queued", async () => {
    const fd = fakeDescriptor((chunk) => chunk.length);
    const sink = createLogSink(9, fd.options);
    sink.write(`${"x".repeat(70_000)}\n`);
    await settle(2);
    expect(fd.calls).toHaveLength(1);
  });

  it("writes whole lines, at most a pipe's atomic size at a time (a longer line alone)", async () => {
    const fd = fakeDescriptor((chunk) => chunk.length);
    const sink = createLogSink(9, fd.options);
    const lines = Array.from({ length: 300 }, (_, i) => `${"x".repeat(i % 97)}${i}\n`);
    lines.splice(150, 0, `${"long".repeat(1500)}\n`);
    for (const line of lines) sink.write(line);
    await sleep(60);
    expect(fd.text()).toBe(lines.join(""));
    expect(fd.calls.length).toBeGreaterThan(3);
    for (const call of fd.calls) {
      expect(call.endsWith("\n")).toBe(true);
      if (call.length > ATOMIC_WRITE_BYTES) expect(call).toBe(lines[150]);
    }
    sink.write(lines.join(""));
    sink.flushSync();
    for (const call of fd.calls) expect(call.length <= ATOMIC_WRITE_BYTES || call === lines[150]).toBe(true);
  });

  it("finishes a partial write, and retries a full descriptor (EAGAIN), losing nothing", async () => {
    const fd = fakeDescriptor((chunk, call) => (call === 2 ? "EAGAIN" : Math.min(chunk.length, 7)));
    const sink = createLogSink(9, fd.options);
    sink.write("0123456789\n");
    sink.write("abcdefghij\n");
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(fd.text()).toBe("0123456789\nabcdefghij\n");
    expect(sink.dropped).toBe(0);
  });

  it("stops logging, never throwing, when the reader is gone (EPIPE), and counts what it dropped", async () => {
    const fd = fakeDescriptor(() => "EPIPE");
    const sink = createLogSink(9, fd.options);
    sink.write("a\n");
    sink.write("b\n");
    await sleep(30);
    expect(sink.broken?.message).toBe("EPIPE");
    expect(sink.write("c\n")).toBe(true);
    sink.flushSync();
    await settle();
    expect(fd.calls).toHaveLength(1);
    expect(sink.dropped).toBe(3);
  });

  it("the exit flush writes what is queued and returns at once on a closed pipe (it once looped forever)", () => {
    const ok = fakeDescriptor((chunk) => chunk.length);
    const sink = createLogSink(9, ok.options);
    sink.write("queued 1\n");
    sink.write("queued 2\n");
    sink.flushSync();
    expect(ok.text()).toBe("queued 1\nqueued 2\n");

    const closed = fakeDescriptor(() => "EPIPE");
    const dead = createLogSink(9, closed.options);
    dead.write("x\n");
    const started = Date.now();
    dead.flushSync();
    expect(Date.now() - started).toBeLessThan(100);
    expect(closed.calls).toHaveLength(1);
    expect(dead.dropped).toBe(1);
  });

  it("drops new lines rather than holding more than its bound for a reader that does not read", async () => {
    const fd = fakeDescriptor(() => "EAGAIN");
    const sink = createLogSink(9, { ...fd.options, maxPendingBytes: 100 });
    for (let i = 0; i < 30; i++) sink.write("0123456789\n");
    expect(sink.dropped).toBe(21);
  });

  it("keeps queued lines as bytes, outside the JavaScript heap, in two buffers taking turns", async () => {
    // Under load a write's lines wait through several young-generation collections: held as
    // strings they were promoted, and the old generation grew into mark-compacts pausing the worker.
    let release: (() => void) | undefined;
    const buffers: ArrayBufferLike[] = [];
    const held = ((_fd: number, buffer: Buffer, _o: number, length: number, _p: null, cb: WriteCallback) => {
      buffers.push(buffer.buffer);
      release = () => cb(null, length);
    }) as unknown as typeof write;
    const sink = createLogSink(9, { write: held });
    sink.write("first\n");
    await sleep(20); // the first write is in flight, and answers only when released
    const before = process.memoryUsage().arrayBuffers;
    for (let i = 0; i < 20_000; i++) sink.write(`${i}`.padEnd(500, "x").concat("\n"));
    // 10 MB of lines waiting: already bytes (held as strings, no array buffer would have grown).
    expect(process.memoryUsage().arrayBuffers - before).toBeGreaterThan(10_000_000);
    expect(buffers).toHaveLength(1);

    // Each finished write hands its buffer back for the one after next: no buffer per write.
    const small = createLogSink(9, { write: held });
    buffers.length = 0;
    for (const line of ["a\n", "b\n", "c\n"]) {
      small.write(line);
      await sleep(20);
      release?.();
    }
    await sleep(20);
    expect(buffers).toHaveLength(3);
    expect(buffers[2]).toBe(buffers[0]);
    expect(buffers[1]).not.toBe(buffers[0]);

    // A buffer grown by a burst is not kept once written: the writes after it use first-size buffers.
    buffers.length = 0;
    small.write(`${"y".repeat(300_000)}\n`); // past the gathering bound: written at once, in one piece
    release?.();
    for (const line of ["d\n", "e\n", "f\n"]) {
      small.write(line);
      await sleep(20);
      release?.();
    }
    await sleep(20);
    const sizes = buffers.map((b) => b.byteLength);
    expect(sizes).toHaveLength(4);
    expect(sizes[0]).toBeGreaterThan(300_000);
    expect(sizes.slice(1).every((size) => size < 300_000)).toBe(true);
  });

  it("writes real bytes to a real descriptor", async () => {
    const file = path.join(tmpdir(), `weft-log-sink-${process.pid}.log`);
    const fd = openSync(file, "w");
    try {
      const sink = createLogSink(fd);
      sink.write('{"msg":"é"}\n');
      // The thread pool's write lands in its own time.
      for (let i = 0; i < 100 && readFileSync(file, "utf8") === ""; i++)
        await new Promise((resolve) => setTimeout(resolve, 10));
      sink.write("last\n");
      sink.flushSync();
      expect(readFileSync(file, "utf8")).toBe('{"msg":"é"}\nlast\n');
    } finally {
      closeSync(fd);
      rmSync(file, { force: true });
    }
  });
});
