import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets the JavaScript heap grow past what its last full
 * collection kept, in percent. By default it lets the heap reach about
 * three times the live size before collecting again; with PGlite's
 * WebAssembly memory and compiled module in the same process, that
 * garbage was the larger part of the embedded service's peak resident
 * memory (75–90 MB live, 250 MB before each collection, docs/benchmarks.md).
 */
const HEAP_GROWING_PERCENT = 25;

/**
 * Lets the heap grow by HEAP_GROWING_PERCENT between full collections. A
 * soft bound, not a limit: the heap still grows as far as live data needs
 * (no out-of-memory error a limit would bring), only garbage is collected
 * sooner. V8 reads the flag at each collection, so setting it once the
 * process runs takes effect from the next one (docs/decisions.md).
 */
export function boundHeapGrowth(): void {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
