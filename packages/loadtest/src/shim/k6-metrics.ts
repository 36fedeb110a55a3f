/** The shim's `k6/metrics` module: samples are recorded; thresholds are evaluated by real k6 only. */
import { state } from "./state.js";

class Metric {
  constructor(
    readonly name: string,
    readonly type: string,
  ) {
    if (!state.metrics.has(name)) state.metrics.set(name, { type, values: [] });
  }

  add(value: number | boolean): void {
    state.metrics.get(this.name)?.values.push(Number(value));
  }
}

export class Trend extends Metric {
  constructor(name: string) {
    super(name, "trend");
  }
}
export class Rate extends Metric {
  constructor(name: string) {
    super(name, "rate");
  }
}
export class Counter extends Metric {
  constructor(name: string) {
    super(name, "counter");
  }
}
export class Gauge extends Metric {
  constructor(name: string) {
    super(name, "gauge");
  }
}
