/** The shim's `k6/metrics` module: custom metrics whose samples thresholds and the summary read. */
import { emit, type MetricType, state } from "./state.js";

class Metric {
  constructor(
    readonly name: string,
    type: MetricType,
    isTime = false,
  ) {
    if (!state.registry.has(name)) state.registry.set(name, { type, contains: isTime ? "time" : "default" });
  }

  add(value: number | boolean, tags?: Record<string, string>): void {
    emit(this.name, Number(value), tags);
  }
}

export class Trend extends Metric {
  constructor(name: string, isTime?: boolean) {
    super(name, "trend", isTime);
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
