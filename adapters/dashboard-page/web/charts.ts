import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { Snapshot } from './views.js';

/** The rolling window the charts keep: ten minutes of samples, at most 1,200 of them. */
const KEEP_SECONDS = 600;
const MAX_SAMPLES = 1_200;

/**
 * The two time charts: events per second, and latency p50/p99 from event
 * to handled. One sample per refresh of the figures, timed by this browser.
 */
export class Charts {
  private readonly times: number[] = [];
  private readonly rate: number[] = [];
  private readonly p50: Array<number | null> = [];
  private readonly p99: Array<number | null> = [];
  private readonly throughput: uPlot;
  private readonly latency: uPlot;

  constructor(throughputEl: HTMLElement, latencyEl: HTMLElement) {
    const size = (el: HTMLElement) => ({ width: Math.max(300, el.clientWidth || 560), height: 220 });
    this.throughput = new uPlot(
      {
        ...size(throughputEl),
        scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, max * 1.1)] } },
        series: [{}, { label: 'events/s', stroke: '#1f5fa8', width: 2, fill: 'rgba(31,95,168,0.12)' }],
        axes: [{}, { label: 'events/s' }],
      },
      [[], []],
      throughputEl,
    );
    this.latency = new uPlot(
      {
        ...size(latencyEl),
        scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, max * 1.1)] } },
        series: [{}, { label: 'p50 ms', stroke: '#2b7a3d', width: 2, spanGaps: true }, { label: 'p99 ms', stroke: '#b3541e', width: 2, spanGaps: true }],
        axes: [{}, { label: 'ms' }],
      },
      [[], [], []],
      latencyEl,
    );
    window.addEventListener('resize', () => {
      this.throughput.setSize(size(throughputEl));
      this.latency.setSize(size(latencyEl));
    });
  }

  get samples(): number {
    return this.times.length;
  }

  add(snapshot: Snapshot): void {
    const now = Date.now() / 1000;
    const { total } = snapshot.throughput;
    this.times.push(now);
    this.rate.push(total.events_per_second);
    this.p50.push(total.latency.p50_ms);
    this.p99.push(total.latency.p99_ms);
    while (this.times.length > MAX_SAMPLES || (this.times.length > 0 && this.times[0]! < now - KEEP_SECONDS)) {
      this.times.shift();
      this.rate.shift();
      this.p50.shift();
      this.p99.shift();
    }
    this.throughput.setData([this.times, this.rate]);
    this.latency.setData([this.times, this.p50, this.p99]);
    // The canvas says nothing to a screen reader: the latest values do.
    this.throughput.root.parentElement!.setAttribute('aria-label', `Latest: ${total.events_per_second} events per second`);
    const ms = (value: number | null) => (value === null ? 'no samples' : `${value} ms`);
    this.latency.root.parentElement!.setAttribute('aria-label', `Latest: p50 ${ms(total.latency.p50_ms)}, p99 ${ms(total.latency.p99_ms)}`);
  }

  clear(): void {
    for (const series of [this.times, this.rate, this.p50, this.p99]) series.length = 0;
    this.throughput.setData([[], []]);
    this.latency.setData([[], [], []]);
  }
}
