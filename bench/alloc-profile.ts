/**
 * BENCH_ALLOC_PROF=<dir>: a benchmarked server samples what it allocates in each measured window, garbage included
 * (V8's sampling heap profiler, one sample per 16 KiB on average), and writes `<dir>/<script>-<n>.heapprofile`
 * when the window is read. Open it in Chrome's DevTools or sum it by function: a GC-bound tail is paid per byte.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';

const DIR = process.env.BENCH_ALLOC_PROF ?? '';
const WHO = (process.argv[1] ?? 'server').split('/').pop();
let session: Session | null = null;
let sampling = false;
let windows = 0;

export async function startAllocationWindow(): Promise<void> {
  if (!DIR) {
    return;
  }
  if (!session) {
    session = new Session();
    session.connect();
    mkdirSync(DIR, { recursive: true });
  }
  if (sampling) {
    await session.post('HeapProfiler.stopSampling');
  }
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: 16_384,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  sampling = true;
}

export async function endAllocationWindow(): Promise<void> {
  if (!session || !sampling) {
    return;
  }
  const { profile } = await session.post('HeapProfiler.stopSampling');
  sampling = false;
  windows += 1;
  writeFileSync(join(DIR, `${WHO}-${windows}.heapprofile`), JSON.stringify(profile));
}
