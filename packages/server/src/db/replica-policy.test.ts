import { describe, expect, it } from "vitest";
import {
  createRoundRobin,
  judgeReplica,
  replicaDown,
  replicaName,
  retryOnPrimary,
  servedHeight,
} from "./replica-policy.js";
import { DatabaseUnavailableError } from "./unavailable.js";

const heights = (entries: Record<string, number>) =>
  new Map(Object.entries(entries).map(([c, h]) => [c, BigInt(h)]));
const refused = () =>
  Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5433"), { code: "ECONNREFUSED" });

describe("judgeReplica", () => {
  it("keeps a replica within the allowed lag in use, counting blocks behind on the worst chain", () => {
    expect(judgeReplica(heights({ a: 100, b: 50 }), heights({ a: 100, b: 47 }), 3)).toEqual({
      state: "in_use",
      lagBlocks: 3,
      reason: undefined,
    });
  });

  it("skips a replica more blocks behind than allowed, saying by how much and on which chain", () => {
    const judged = judgeReplica(heights({ a: 100, b: 50 }), heights({ a: 99, b: 40 }), 3);
    expect(judged.state).toBe("lagging");
    expect(judged.lagBlocks).toBe(10);
    expect(judged.reason).toBe(
      "10 blocks behind the primary on b (more than DATABASE_READ_MAX_LAG_BLOCKS=3)",
    );
  });

  it("takes a replica not in use back only once at most half the allowed lag behind (no flapping at the limit)", () => {
    expect(judgeReplica(heights({ a: 100 }), heights({ a: 97 }), 5, false)).toEqual({
      state: "lagging",
      lagBlocks: 3,
      reason: "3 blocks behind the primary on a: used again once at most 2 behind",
    });
    expect(judgeReplica(heights({ a: 100 }), heights({ a: 98 }), 5, false)).toMatchObject({
      state: "in_use",
    });
    expect(judgeReplica(heights({ a: 100 }), heights({ a: 95 }), 5, true)).toMatchObject({ state: "in_use" });
    expect(judgeReplica(heights({ a: 100 }), heights({ a: 99 }), 0, false)).toMatchObject({
      state: "lagging",
    });
  });

  it("counts a chain the replica has not replayed at all as the primary's whole chain", () => {
    expect(judgeReplica(heights({ a: 7 }), heights({}), 3)).toMatchObject({ state: "lagging", lagBlocks: 7 });
  });

  it("shows no lag when the replica read after the primary is ahead of what the primary answered", () => {
    expect(judgeReplica(heights({ a: 100 }), heights({ a: 103 }), 0)).toMatchObject({
      state: "in_use",
      lagBlocks: 0,
    });
  });

  it("marks a replica that did not answer unreachable, with the cause in words", () => {
    expect(judgeReplica(heights({ a: 1 }), refused(), 3)).toEqual({
      state: "unreachable",
      lagBlocks: undefined,
      reason: "unreachable: connection refused [ECONNREFUSED]",
    });
  });
});

describe("servedHeight", () => {
  it("is the primary's head when no replica is in use (reads go to the primary)", () => {
    expect(servedHeight(10n, [], "a")).toBe(10n);
    expect(servedHeight(undefined, [], "a")).toBeUndefined();
    expect(servedHeight(null, [], "a")).toBeNull();
  });

  it("is never above what any replica in use has replayed", () => {
    expect(servedHeight(10n, [heights({ a: 9 }), heights({ a: 8 })], "a")).toBe(8n);
    expect(servedHeight(7n, [heights({ a: 9 })], "a")).toBe(7n);
  });

  it("is nothing when a replica in use has not replayed the chain", () => {
    expect(servedHeight(10n, [heights({ a: 9 }), heights({})], "a")).toBeNull();
  });

  it("comes from the replicas alone while the primary's head is not followed", () => {
    expect(servedHeight(undefined, [heights({ a: 9 }), heights({ a: 11 })], "a")).toBe(9n);
  });
});

describe("retrying a replica's failure on the primary", () => {
  it("retries connection failures, the breaker's refusals and conflicts with recovery", () => {
    expect(retryOnPrimary(refused())).toBe(true);
    expect(retryOnPrimary(new DatabaseUnavailableError({ cause: "x", connectionLost: true }))).toBe(true);
    expect(retryOnPrimary(Object.assign(new Error("conflict with recovery"), { code: "40001" }))).toBe(true);
  });

  it("does not retry an ordinary query failure", () => {
    expect(retryOnPrimary(Object.assign(new Error("syntax"), { code: "42601" }))).toBe(false);
    expect(retryOnPrimary(new Error("bug"))).toBe(false);
  });

  it("takes the replica out of use only when the replica itself is gone", () => {
    expect(replicaDown(refused())).toBe(true);
    expect(replicaDown(Object.assign(new Error("conflict with recovery"), { code: "40001" }))).toBe(false);
  });
});

describe("createRoundRobin", () => {
  it("takes turns over whatever is eligible at each call", () => {
    const next = createRoundRobin();
    const picks = Array.from({ length: 4 }, () => next(["r1", "r2"]));
    expect(new Set(picks)).toEqual(new Set(["r1", "r2"]));
    expect(picks[0]).not.toBe(picks[1]);
    expect(next(["only"])).toBe("only");
    expect(next([])).toBeUndefined();
  });
});

describe("replicaName", () => {
  it("is host:port, without credentials, the port defaulting to 5432", () => {
    expect(replicaName("postgres://weft:secret@db-replica-1:6432/weft")).toBe("db-replica-1:6432");
    expect(replicaName("postgresql://u@10.0.0.7/weft")).toBe("10.0.0.7:5432");
  });
});
