import { describe, expect, it } from "vitest";
import { paginate } from "./paginate.js";

/** A fake list of n records served with a page size, in the reference's or Weft's key style. */
function pages(n: number, size: number, style: "weft" | "reference") {
  const calls: (string | undefined)[] = [];
  const fetchPage = async (key: string | undefined) => {
    calls.push(key);
    const offset = key ? Number(Buffer.from(key, "base64").toString()) : 0;
    const items = Array.from({ length: Math.max(0, Math.min(size, n - offset)) }, (_, i) => offset + i);
    const more = offset + items.length < n;
    const nextKey =
      style === "weft"
        ? more
          ? Buffer.from(String(offset + size)).toString("base64")
          : null
        : items.length > 0
          ? Buffer.from(String(offset + size)).toString("base64")
          : null;
    return { items, nextKey };
  };
  return { fetchPage, calls };
}

async function collect<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
}

describe("paginate", () => {
  it("yields every record once, in order, with null next_key on the last page", async () => {
    const { fetchPage, calls } = pages(10_000, 1000, "weft");
    const got = await collect(paginate(fetchPage));
    expect(got).toEqual(Array.from({ length: 10_000 }, (_, i) => i));
    expect(calls).toHaveLength(10);
  });

  it("stops on the reference's extra empty page after a short last page", async () => {
    const { fetchPage, calls } = pages(25, 10, "reference");
    expect(await collect(paginate(fetchPage))).toHaveLength(25);
    expect(calls).toHaveLength(4);
  });

  it("treats an empty-string next_key as the end", async () => {
    const got = await collect(paginate(async () => ({ items: [1, 2], nextKey: "" })));
    expect(got).toEqual([1, 2]);
  });

  it("refuses a server that repeats a key", async () => {
    await expect(collect(paginate(async () => ({ items: [1], nextKey: "same" })))).rejects.toThrow(
      "pagination loop: the server returned next_key same twice",
    );
  });

  it("is cancellable", async () => {
    const controller = new AbortController();
    const seen: number[] = [];
    const run = async () => {
      for await (const x of paginate(pages(1000, 10, "weft").fetchPage, { signal: controller.signal })) {
        seen.push(x);
        if (x === 15) controller.abort(new Error("enough"));
      }
    };
    await expect(run()).rejects.toThrow("enough");
    expect(seen.at(-1)).toBe(15);
  });
});
