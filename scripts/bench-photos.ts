// `npm run bench:photos`: what cleaning a job photo costs the server, and what it costs everyone
// else: each photo's time and the event loop's longest stall while it was cleaned (the other
// requests of every business wait that long). BENCH_HEIC=<file> measures that HEIC (an iPhone's
// 12 MP photo: `heif-enc` from Debian's libheif-examples makes one from any JPEG); the default is
// the tests' small fixture. BENCH_RUNS (default 5). Prints figures; asserts nothing.
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { cleanPhoto } from '#server/modules/work/job-photos.ts';

const file = process.env.BENCH_HEIC ?? 'tests/fixtures/job-photo.heic';
const runs = Number(process.env.BENCH_RUNS ?? 5);
const data = readFileSync(file);
const first = await cleanPhoto(data, 'photo'); // loads sharp; each HEIC decode starts its own thread anyway
const times: number[] = [];
const stalls: number[] = [];
for (let i = 0; i < runs; i++) {
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const t0 = performance.now();
  await cleanPhoto(data, 'photo');
  times.push(performance.now() - t0);
  loop.disable();
  stalls.push(loop.max / 1e6);
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
console.log(
  `${file} (${(data.length / 1024).toFixed(0)} KB, stored ${first.width}x${first.height}), ${runs} runs: ` +
    `cleaned in median ${median(times).toFixed(0)} ms (max ${Math.max(...times).toFixed(0)}); ` +
    `longest event-loop stall median ${median(stalls).toFixed(0)} ms (max ${Math.max(...stalls).toFixed(0)})`,
);
