import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { connect, createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { REPO_ROOT } from '../../src/config.js';

const MAIN = join(REPO_ROOT, 'server/src/main.ts');

/**
 * `server/src/main.ts` in a child process, as `npm start` runs it, with only `env` (and PATH) in its environment:
 * one process unless `env` sets WEB_CONCURRENCY.
 */
export function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', WEB_CONCURRENCY: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const output = (pattern: RegExp) =>
    new Promise<string>((resolve, reject) => {
      const check = () => (pattern.test(stdout) ? resolve(stdout) : undefined);
      child.stdout.on('data', check);
      void exited.then(() => reject(new Error(`exited before printing ${pattern}: ${stdout}${stderr}`)));
      check();
    });
  return { child, exited, output, logs: () => ({ stdout, stderr }) };
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface ProcessInfo {
  pid: number;
  ppid: number;
  /** The command line, arguments separated by spaces. */
  args: string;
}

/** Every process under `root` (children, their children…), read from /proc. */
export function descendants(root: number): ProcessInfo[] {
  const all: ProcessInfo[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' ').trim();
      all.push({ pid: Number(entry), ppid, args });
    } catch {
      // ended while we looked
    }
  }
  const found: ProcessInfo[] = [];
  const visit = (pid: number) => {
    for (const child of all.filter((p) => p.ppid === pid)) {
      found.push(child);
      visit(child.pid);
    }
  };
  visit(root);
  return found;
}

/** Whether the process still exists (a zombie waiting for its parent counts as gone). */
export function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

/**
 * A sign-in request in flight: its headers and half its body sent, as when SIGTERM arrives mid-request. `finish`
 * sends the rest and resolves with the whole answer once the server closes the connection.
 */
export async function halfSentRequest(port: number): Promise<{ finish(): Promise<string> }> {
  const body = JSON.stringify({ email: 'nobody@example.com', password: 'Passw0rd!' });
  const socket = connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  let answer = '';
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
  const closed = new Promise((resolve) => socket.once('close', resolve));
  socket.write(
    `POST /auth/login/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`,
  );
  return {
    async finish() {
      socket.write(body.slice(10));
      await closed;
      return answer;
    },
  };
}
