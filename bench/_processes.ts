/**
 * CPU and memory of this process and every process under it (Chromium and its helpers), read from /proc, with
 * Chromium's processes told apart by their command line: the browser (no --type), renderer, gpu-process, zygote,
 * and utility processes by --utility-sub-type (network.mojom.NetworkService, printing.mojom.PrintCompositor ...).
 * Not a bench of its own (the leading underscore keeps scripts/bench.mjs from running it).
 */
import { readFileSync, readdirSync } from 'node:fs';

const TICK_MS = 10; // USER_HZ is 100 on Linux

interface Proc {
  pid: number;
  ppid: number;
  kind: string;
  /** utime + stime in ms. */
  cpuMs: number;
  /** cutime + cstime in ms: children that exited and were reaped. */
  childCpuMs: number;
}

/** What kind of process `pid` is: "node" for the server, else Chromium's --type (utility: its sub-type). */
export function processKind(pid: number, root = process.pid): string {
  if (pid === root) return 'node (server)';
  let args: string[];
  try {
    // Chromium rewrites its helpers' titles into one space-separated string.
    args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(/[\0 ]/).filter(Boolean);
  } catch {
    return 'gone';
  }
  if (args.length === 0) return 'exiting';
  if (!/chrom/.test(args[0]!)) return args[0]!.split('/').at(-1)!;
  const type = args.find((a) => a.startsWith('--type='))?.slice(7);
  if (!type) return 'browser';
  if (type === 'utility') return `utility: ${args.find((a) => a.startsWith('--utility-sub-type='))?.slice(19) ?? '?'}`;
  return type;
}

/** The process tree under `root` (itself included). */
export function processTree(root = process.pid): Proc[] {
  const all = new Map<number, { ppid: number; cpuMs: number; childCpuMs: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      all.set(Number(entry), {
        ppid: Number(f[1]),
        cpuMs: (Number(f[11]) + Number(f[12])) * TICK_MS,
        childCpuMs: (Number(f[13]) + Number(f[14])) * TICK_MS,
      });
    } catch {
      // ended while we looked
    }
  }
  const children = new Map<number, number[]>();
  for (const [pid, { ppid }] of all) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  const out: Proc[] = [];
  const visit = (pid: number) => {
    const p = all.get(pid);
    if (p) out.push({ pid, kind: processKind(pid, root), ...p });
    for (const child of children.get(pid) ?? []) visit(child);
  };
  visit(root);
  return out;
}

/** CPU (ms) of the whole tree so far, exited children included. */
export function treeCpuMs(root = process.pid): number {
  return processTree(root).reduce((sum, p) => sum + p.cpuMs + p.childCpuMs, 0);
}

/**
 * Watches the tree while work runs: samples every `everyMs`, so a process that lives longer than that is seen and
 * its CPU is put to its kind; the CPU of processes that came and went between two samples is "exited, unseen".
 */
export class CpuWatch {
  private readonly first = new Map<number, number>();
  private readonly last = new Map<number, { kind: string; cpuMs: number }>();
  private readonly startTotal: number;
  private readonly timer: NodeJS.Timeout;
  private readonly pidsByKind = new Map<string, Set<number>>();
  /** The watch's own CPU (reading /proc every few ms is not free): left out of the figures. */
  private selfMs = 0;

  constructor(
    private readonly root = process.pid,
    everyMs = 50,
  ) {
    const tree = processTree(root);
    this.startTotal = tree.reduce((s, p) => s + p.cpuMs + p.childCpuMs, 0);
    for (const p of tree) {
      this.first.set(p.pid, p.cpuMs);
      this.last.set(p.pid, { kind: p.kind, cpuMs: p.cpuMs });
    }
    this.timer = setInterval(() => this.sample(), everyMs);
  }

  private sample(): void {
    const before = process.cpuUsage();
    this.sampleTree();
    const used = process.cpuUsage(before);
    this.selfMs += (used.user + used.system) / 1000;
  }

  private sampleTree(): void {
    for (const p of processTree(this.root)) {
      if (!this.first.has(p.pid)) {
        this.first.set(p.pid, 0);
        let pids = this.pidsByKind.get(p.kind);
        if (!pids) this.pidsByKind.set(p.kind, (pids = new Set()));
        pids.add(p.pid);
      }
      this.last.set(p.pid, { kind: p.kind, cpuMs: p.cpuMs });
    }
  }

  /** CPU in ms by process kind over the watch, the total, and how many processes of each kind started. */
  stop(): { total: number; byKind: Map<string, number>; started: Map<string, number> } {
    this.sample();
    clearInterval(this.timer);
    const total =
      processTree(this.root).reduce((s, p) => s + p.cpuMs + p.childCpuMs, 0) - this.startTotal - this.selfMs;
    const byKind = new Map<string, number>();
    let seen = 0;
    for (const [pid, { kind, cpuMs }] of this.last) {
      const used = cpuMs - (this.first.get(pid) ?? 0);
      seen += used;
      byKind.set(kind, (byKind.get(kind) ?? 0) + used);
    }
    const server = processKind(this.root, this.root);
    byKind.set(server, (byKind.get(server) ?? 0) - this.selfMs);
    byKind.set('exited, unseen', total - (seen - this.selfMs));
    const started = new Map([...this.pidsByKind].map(([kind, pids]) => [kind, pids.size]));
    return { total, byKind, started };
  }
}

/** PSS in MB of the tree: the server (this process) and the rest (Chromium) apart. */
export function pssSplitMb(root = process.pid): { server: number; chromium: number } {
  let server = 0;
  let chromium = 0;
  for (const p of processTree(root)) {
    let mb = 0;
    try {
      mb = Number(/^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${p.pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0) / 1024;
    } catch {
      // gone
    }
    if (p.pid === root) server += mb;
    else chromium += mb;
  }
  return { server, chromium };
}
