import { describe, expect, it } from "vitest";
import { loadRegistry } from "../registry/load-registry.js";
import { findRoute, type RouteQuery } from "./find-route.js";
import { createRouteMemo } from "./route-memo.js";

const registry = loadRegistry("devnet");
const assets = registry.assets();

/** Every constraint findRoute reads, in each of its values. */
const CONSTRAINTS: Omit<RouteQuery, "source" | "destination">[] = [false, true].flatMap((allowMultiTx) =>
  [undefined, true, false].flatMap((opWithdraw) =>
    [undefined, new Set(["IBC"]), new Set(["OPINIT", "IBC"]), new Set(["LAYER_ZERO"])].map((bridges) => ({
      allowMultiTx,
      ...(opWithdraw === undefined ? {} : { opWithdraw }),
      ...(bridges ? { bridges } : {}),
    })),
  ),
);

describe("createRouteMemo", () => {
  it("answers every query as findRoute does, each constraint kept apart", () => {
    // One memo for all: a key that left a constraint out would hand one query another's route.
    const memo = createRouteMemo(registry, 1_000_000);
    let routed = 0;
    let refused = 0;
    for (const constraints of CONSTRAINTS) {
      for (const source of assets) {
        for (const destination of assets) {
          if (source === destination) continue;
          const query = { source, destination, ...constraints };
          const expected = findRoute(registry, query);
          expect(memo.find(query)).toEqual(expected);
          // Asked again (a new Set, as each request builds one): the remembered answer.
          const again = memo.find({
            ...query,
            ...(query.bridges ? { bridges: new Set(query.bridges) } : {}),
          });
          expect(again).toEqual(expected);
          if (expected) routed++;
          else refused++;
        }
      }
    }
    // The devnet registry has both: pairs some constraint refuses and pairs it allows.
    expect(routed).toBeGreaterThan(100);
    expect(refused).toBeGreaterThan(100);
  });

  it("searches a query once and shares the answer, frozen", () => {
    const memo = createRouteMemo(registry);
    const [source, destination] = pairWithRoute();
    const first = memo.find({ source, destination, allowMultiTx: true });
    const second = memo.find({ source, destination, allowMultiTx: true });
    expect(second).toBe(first);
    expect(() => first?.hops.push(first.hops[0] as never)).toThrow(TypeError);
    expect(() => {
      (first as { seconds: number }).seconds = 0;
    }).toThrow(TypeError);
  });

  it("forgets the oldest query when full", () => {
    const memo = createRouteMemo(registry, 2);
    const [source, destination] = pairWithRoute();
    const oldest = memo.find({ source, destination, allowMultiTx: true });
    memo.find({ source, destination, allowMultiTx: false });
    expect(memo.find({ source, destination, allowMultiTx: true })).toBe(oldest);
    memo.find({ source: destination, destination: source, allowMultiTx: true });
    memo.find({ source: destination, destination: source, allowMultiTx: false });
    const searchedAgain = memo.find({ source, destination, allowMultiTx: true });
    expect(searchedAgain).not.toBe(oldest);
    expect(searchedAgain).toEqual(oldest);
  });
});

function pairWithRoute() {
  for (const source of assets) {
    for (const destination of assets) {
      if (source !== destination && findRoute(registry, { source, destination, allowMultiTx: true }))
        return [source, destination] as const;
    }
  }
  throw new Error("the devnet registry has no route");
}
