import { describe, expect, it } from "vitest";
import { assertLoopback } from "./loopback.js";
import { formatTable } from "./table.js";

describe("formatTable", () => {
  it("pads columns into a markdown table", () => {
    expect(
      formatTable(
        ["name", "rps"],
        [
          ["blocks", 1200],
          ["txs by account", 95.5],
        ],
      ),
    ).toBe(
      [
        "| name           | rps  |",
        "| -------------- | ---- |",
        "| blocks         | 1200 |",
        "| txs by account | 95.5 |",
      ].join("\n"),
    );
  });
});

describe("assertLoopback", () => {
  it.each(["http://127.0.0.1:8080/x", "http://localhost/x", "http://[::1]:3000/", "http://127.8.0.2/"])(
    "allows %s",
    (u) => {
      expect(() => assertLoopback(u)).not.toThrow();
    },
  );
  it.each(["http://10.0.0.1/", "https://indexer.example.org/", "http://192.168.1.2/"])("refuses %s", (u) => {
    expect(() => assertLoopback(u)).toThrow(/refusing to send load/);
  });
});
