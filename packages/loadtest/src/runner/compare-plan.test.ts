import { describe, expect, it } from "vitest";
import { comparePlan, selectGroups } from "./compare-plan.js";

const lists = { name: "lists (100 per page)", paths: ["/l"] };
const single = { name: "single items", paths: ["/s"] };

describe("comparePlan", () => {
  it("measures each group on both sides back to back, A first in odd rounds, per connection count", () => {
    const plan = comparePlan([lists, single], [10, 50], 2).map(
      (s) => `${s.connections} r${s.round} ${s.group.name.split(" ")[0]} ${s.side}${s.position}`,
    );
    expect(plan).toEqual([
      "10 r1 lists a1",
      "10 r1 lists b2",
      "10 r1 single a1",
      "10 r1 single b2",
      "10 r2 lists b1",
      "10 r2 lists a2",
      "10 r2 single b1",
      "10 r2 single a2",
      "50 r1 lists a1",
      "50 r1 lists b2",
      "50 r1 single a1",
      "50 r1 single b2",
      "50 r2 lists b1",
      "50 r2 lists a2",
      "50 r2 single b1",
      "50 r2 single a2",
    ]);
  });
});

describe("selectGroups", () => {
  it("keeps the groups whose name contains the text, ignoring case", () => {
    expect(selectGroups([lists, single], "PER PAGE")).toEqual([lists]);
    expect(selectGroups([lists, single], "i")).toEqual([lists, single]);
    expect(selectGroups([lists, single], "nothing")).toEqual([]);
    expect(selectGroups([lists, single], undefined)).toEqual([lists, single]);
  });
});
