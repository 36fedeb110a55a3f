import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runWeft, startWeft } from "./spawn-weft.js";

const cli = path.join(path.dirname(fileURLToPath(import.meta.url)), "_test/fake-weft.mjs");

describe("startWeft", () => {
  it("resolves with the URL the process prints once serving, and stop() ends it", async () => {
    const weft = await startWeft(["serve"], {}, { cli });
    expect(weft.url).toBe("http://127.0.0.1:4321");
    expect(weft.stderr()).toContain("starting");
    expect(await weft.stop()).toBe(0);
  });

  it("rejects with the output when the process exits before serving", async () => {
    await expect(startWeft(["fail"], {}, { cli })).rejects.toThrow(
      /exited \(3\) before serving:\nno database/,
    );
  });
});

describe("runWeft", () => {
  it("runs to completion with the caller's environment on top of the process's", async () => {
    expect(await runWeft(["migrate", "--x"], { LOG_LEVEL: "warn" }, { cli })).toEqual({
      code: 0,
      stdout: "migrate --x warn",
      stderr: "",
    });
  });
});
