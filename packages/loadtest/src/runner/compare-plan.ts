/**
 * The order of a comparison's measurements. Each group is measured on both sides back to back, so
 * both see the same machine state; the side measured first alternates by round (A first in odd
 * rounds, B first in even ones), so neither side always gets the warmer caches or the cooler CPU.
 */
import type { Group } from "./request-groups.js";

export type SideKey = "a" | "b";

export interface Step {
  connections: number;
  /** 1-based. */
  round: number;
  group: Group;
  side: SideKey;
  /** 1 when this side was measured first for this group in this round, 2 when second. */
  position: 1 | 2;
}

export function comparePlan(groups: Group[], connections: number[], rounds: number): Step[] {
  return connections.flatMap((c) =>
    Array.from({ length: rounds }, (_, i) => i + 1).flatMap((round) =>
      groups.flatMap((group) =>
        (round % 2 === 1 ? (["a", "b"] as const) : (["b", "a"] as const)).map(
          (side, i): Step => ({ connections: c, round, group, side, position: i === 0 ? 1 : 2 }),
        ),
      ),
    ),
  );
}

/** Groups whose name contains `only`, ignoring case; all of them without a filter. */
export function selectGroups(groups: Group[], only: string | undefined): Group[] {
  if (only === undefined) return groups;
  const needle = only.toLowerCase();
  return groups.filter((g) => g.name.toLowerCase().includes(needle));
}
