import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { residentBytes } from "./rss.js";

describe.runIf(process.platform === "linux")("residentBytes", () => {
  it("counts a process and the processes under it", async () => {
    // A parent holding two children that each fill ~40 MB: their RSS shows in the parent's total.
    const script = `
      const { spawn } = require("node:child_process");
      const fill = "const b = Buffer.alloc(40e6, 1); setInterval(() => b[0]++, 1000)";
      for (let i = 0; i < 2; i++) spawn(process.execPath, ["-e", fill], { stdio: "ignore" });
      setInterval(() => {}, 1000);
    `;
    const parent = spawn(process.execPath, ["-e", script], { stdio: "ignore", detached: true });
    try {
      const pid = parent.pid as number;
      let total = 0;
      for (let i = 0; i < 100 && total < 150e6; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        total = residentBytes(pid) ?? 0;
      }
      expect(total).toBeGreaterThan(150e6);
    } finally {
      process.kill(-(parent.pid as number), "SIGKILL");
    }
  }, 30_000);

  it("is undefined for a process that is gone", () => {
    expect(residentBytes(2 ** 22 + 7)).toBeUndefined();
  });
});
