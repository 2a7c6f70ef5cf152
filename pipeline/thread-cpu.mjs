// The CPU time of one thread, for the analysis budget (services/analysis-pool.ts): a job is
// stopped for the CPU it used, not for the time it waited for a core on a busy machine.
// Linux only (/proc); elsewhere every function answers null and the budget is wall-clock.
// Plain JavaScript: the worker loads it before its TypeScript loader is registered.
import { openSync, readFileSync, readSync, readlinkSync } from 'node:fs';

/** Clock ticks per second of /proc's utime and stime: USER_HZ, 100 on every Linux build. */
const TICKS_PER_SECOND = 100;

/** utime + stime of a /proc/<pid>/task/<tid>/stat line, in ms (the name in parentheses may hold spaces). */
export function cpuMsOfStat(stat) {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return Number.isFinite(ticks) ? (ticks * 1000) / TICKS_PER_SECOND : null;
}

/** The calling thread's kernel id, or null where there is no /proc. */
export function ownThreadId() {
  try {
    return Number(readlinkSync('/proc/thread-self').split('/').pop()) || null;
  } catch {
    return null;
  }
}

/**
 * A clock of the calling thread's CPU time in ms, or null. process.threadCpuUsage (Node
 * 22.19 and 23.9 on) is a syscall; before it, /proc/thread-self/stat is read again through
 * one open descriptor (about 20 µs: opening it each time cost ten times that).
 */
export function ownCpuClock() {
  if (typeof process.threadCpuUsage === 'function') {
    return () => {
      const usage = process.threadCpuUsage();
      return (usage.user + usage.system) / 1000;
    };
  }
  try {
    const fd = openSync('/proc/thread-self/stat', 'r');
    const buffer = Buffer.alloc(1024);
    return () => cpuMsOfStat(buffer.latin1Slice(0, readSync(fd, buffer, 0, buffer.length, 0)));
  } catch {
    return null;
  }
}

/** The CPU time in ms of thread `tid` of this process, or null (not Linux, or the thread is gone). */
export function threadCpuMs(tid) {
  try {
    return cpuMsOfStat(readFileSync(`/proc/${process.pid}/task/${tid}/stat`, 'latin1'));
  } catch {
    return null;
  }
}
