/** p50 of the wall time over `runs` calls after one warm-up, the mean CPU time of this thread, and the last answer. */
export function timedRuns<T>(runs: number, f: () => T): { p50: number; cpu: number; last: T } {
  let last = f();
  const ms: number[] = [];
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    last = f();
    ms.push(performance.now() - t0);
  }
  const cpu = process.cpuUsage(cpu0);
  ms.sort((a, b) => a - b);
  return { p50: ms[Math.floor(ms.length / 2)]!, cpu: (cpu.user + cpu.system) / 1000 / runs, last };
}
