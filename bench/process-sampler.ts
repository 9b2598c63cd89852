import fs from 'node:fs';

/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/**
 * A process's resident memory, sampled every 20 ms while something runs, and the CPU time it
 * used meanwhile; from /proc (Linux).
 */
export class ProcessSampler {
  private timer: NodeJS.Timeout | undefined;
  private peak = 0;
  private ticksAtStart = 0;

  constructor(private readonly pid: number) {}

  /** Resident memory now, in MB. */
  now(): number {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(this.read('status'));
    return match ? Number(match[1]) / 1024 : Number.NaN;
  }

  start(): void {
    this.peak = this.now();
    this.ticksAtStart = this.cpuTicks();
    this.timer = setInterval(() => (this.peak = Math.max(this.peak, this.now())), 20);
  }

  /** CPU seconds (user and system) since start(). */
  cpuSeconds(): number {
    return (this.cpuTicks() - this.ticksAtStart) / TICKS_PER_SECOND;
  }

  /** Stops sampling; the peak resident memory since start(), in MB. */
  stop(): number {
    clearInterval(this.timer);
    return Math.max(this.peak, this.now());
  }

  /** utime + stime of /proc/pid/stat: fields 14 and 15, counted after the command's closing parenthesis. */
  private cpuTicks(): number {
    const stat = this.read('stat');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  }

  private read(file: string): string {
    try {
      return fs.readFileSync(`/proc/${this.pid}/${file}`, 'utf8');
    } catch {
      return '';
    }
  }
}
