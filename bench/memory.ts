/** Resident memory of a process, read from /proc (Linux): polled RSS while sampling, and the kernel's peak. */
import { readFileSync } from "node:fs";

function statusKb(pid: number, field: "VmRSS" | "VmHWM"): number | null {
  try {
    const match = readFileSync(`/proc/${pid}/status`, "utf8").match(
      new RegExp(`^${field}:\\s+(\\d+) kB`, "m"),
    );
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

export const rssMb = (pid: number) => (statusKb(pid, "VmRSS") ?? Number.NaN) / 1024;
/** The highest RSS the process has had since it started (VmHWM). */
export const peakRssMb = (pid: number) => (statusKb(pid, "VmHWM") ?? Number.NaN) / 1024;

/** Polls RSS every `intervalMs` until stopped; returns the highest value seen (MB). */
export function sampleRss(pid: number, intervalMs = 100): { stop: () => number } {
  let peak = rssMb(pid);
  const timer = setInterval(() => {
    const now = rssMb(pid);
    if (now > peak || Number.isNaN(peak)) peak = now;
  }, intervalMs);
  return {
    stop: () => {
      clearInterval(timer);
      return peak;
    },
  };
}

/** CPU time (user + system) the process has used so far, in milliseconds, from /proc/<pid>/stat. */
export function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after the command name; in clock ticks.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}
