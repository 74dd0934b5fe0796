import { readFile, readdir } from 'node:fs/promises';

/**
 * The memory of a process and every process under it (Chromium's browser and its renderers, GPU and utility
 * processes), as PSS (proportional set size: shared pages divided among the processes sharing them), in MB.
 * Read from /proc, so Linux only: elsewhere the answer is undefined and nothing is recycled for memory.
 */
export async function processTreePssMb(rootPid: number): Promise<number | undefined> {
  let entries: string[];
  try {
    entries = await readdir('/proc');
  } catch {
    return undefined;
  }
  const parents = new Map<number, number>();
  await Promise.all(
    entries
      .filter((entry) => /^\d+$/.test(entry))
      .map(async (entry) => {
        try {
          const stat = await readFile(`/proc/${entry}/stat`, 'utf8');
          parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
        } catch {
          // ended while we looked
        }
      }),
  );
  if (!parents.has(rootPid)) return undefined;
  const tree = new Set([rootPid]);
  // Parents come before children in pid order only most of the time: repeat until nothing is added.
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, ppid] of parents) {
      if (!tree.has(pid) && tree.has(ppid)) {
        tree.add(pid);
        grew = true;
      }
    }
  }
  const sizes = await Promise.all(
    [...tree].map(async (pid) => {
      try {
        const rollup = await readFile(`/proc/${pid}/smaps_rollup`, 'utf8');
        return Number(/^Pss:\s+(\d+) kB/m.exec(rollup)?.[1] ?? 0) / 1024;
      } catch {
        return 0;
      }
    }),
  );
  return sizes.reduce((sum, mb) => sum + mb, 0);
}
