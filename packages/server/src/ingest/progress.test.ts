import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { createProgress } from "./progress.js";

describe("createProgress", () => {
  it("logs height, rate and lag at most every logEveryMs when not on a terminal", () => {
    const lines: Record<string, unknown>[] = [];
    const logger = pino({ level: "info" }, { write: (l: string) => lines.push(JSON.parse(l)) });
    let t = 0;
    const progress = createProgress({ chainId: "c-1", logger, now: () => t, logEveryMs: 1000 });
    for (let h = 1n; h <= 30n; h++) {
      t += 100;
      progress.committed(h, 100n);
    }
    expect(lines).toHaveLength(3);
    expect(lines.at(-1)).toMatchObject({
      msg: "ingest progress",
      chain_id: "c-1",
      height: 30,
      head: 100,
      lag: 70,
      blocks_per_s: 10,
    });
  });

  it("rewrites one status line on a terminal", () => {
    let out = "";
    const tty = {
      write: (s: string) => {
        out += s;
        return true;
      },
    } as unknown as NodeJS.WriteStream;
    let t = 0;
    const progress = createProgress({ chainId: "c-1", logger: pino({ level: "silent" }), tty, now: () => t });
    for (let h = 1n; h <= 5n; h++) {
      t += 250;
      progress.committed(h, 5n);
    }
    progress.done();
    expect(out).toContain("\r\x1b[2Kingest c-1: height 5 / 5  4.0 blocks/s  lag 0\n");
  });
});
