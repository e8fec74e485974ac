/** A small Prometheus text-format registry: request counts, a latency histogram and gauges. */
const BUCKETS = [0.05, 0.1, 0.2, 0.3, 0.5, 0.75, 1, 2, 5, 10, 30];

export class Metrics {
  private readonly requests = new Map<string, number>();
  private readonly latency = { counts: BUCKETS.map(() => 0), sum: 0, count: 0 };
  private readonly outcomes = new Map<string, number>();

  constructor(private readonly gauges: { queueDepth: () => number; activeRecognitions: () => number }) {}

  countRequest(route: string, method: string, status: number): void {
    const k = `route="${route}",method="${method}",status="${status}"`;
    this.requests.set(k, (this.requests.get(k) ?? 0) + 1);
  }

  observeRecognition(seconds: number, outcome: string): void {
    BUCKETS.forEach((b, i) => {
      if (seconds <= b) this.latency.counts[i]++;
    });
    this.latency.sum += seconds;
    this.latency.count++;
    this.outcomes.set(outcome, (this.outcomes.get(outcome) ?? 0) + 1);
  }

  render(): string {
    const out: string[] = [];
    out.push('# HELP http_requests_total HTTP responses by route, method and status.');
    out.push('# TYPE http_requests_total counter');
    for (const [k, v] of this.requests) out.push(`http_requests_total{${k}} ${v}`);
    out.push('# HELP recognition_duration_seconds Time spent recognising one photo in the worker pool.');
    out.push('# TYPE recognition_duration_seconds histogram');
    BUCKETS.forEach((b, i) => out.push(`recognition_duration_seconds_bucket{le="${b}"} ${this.latency.counts[i]}`));
    out.push(`recognition_duration_seconds_bucket{le="+Inf"} ${this.latency.count}`);
    out.push(`recognition_duration_seconds_sum ${this.latency.sum}`);
    out.push(`recognition_duration_seconds_count ${this.latency.count}`);
    out.push('# HELP recognition_outcomes_total Recognition results by outcome.');
    out.push('# TYPE recognition_outcomes_total counter');
    for (const [k, v] of this.outcomes) out.push(`recognition_outcomes_total{outcome="${k}"} ${v}`);
    out.push('# HELP recognition_queue_depth Photos waiting for a free recognition worker.');
    out.push('# TYPE recognition_queue_depth gauge');
    out.push(`recognition_queue_depth ${this.gauges.queueDepth()}`);
    out.push('# HELP recognition_active Photos being recognised now.');
    out.push('# TYPE recognition_active gauge');
    out.push(`recognition_active ${this.gauges.activeRecognitions()}`);
    const mem = process.memoryUsage();
    out.push('# TYPE process_resident_memory_bytes gauge');
    out.push(`process_resident_memory_bytes ${mem.rss}`);
    return out.join('\n') + '\n';
  }
}
