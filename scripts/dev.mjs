#!/usr/bin/env node
// npm run dev: the API server (restarting on change) plus Vite with HMR. Vite proxies the API paths to the
// server, so the browser sees one origin and cookies stay same-origin. Open the URL Vite prints.
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '8000';
// API_DOCS: the OpenAPI reference at /api/docs, in development only. One server process (WEB_CONCURRENCY) unless
// asked for more: it restarts on every change, and one process restarts fastest and is the easiest to debug.
const env = {
  ...process.env,
  PORT: apiPort,
  API_PORT: apiPort,
  API_DOCS: process.env.API_DOCS ?? '1',
  WEB_CONCURRENCY: process.env.WEB_CONCURRENCY ?? '1',
};
const children = [
  spawn('npx', ['tsx', 'watch', 'server/src/main.ts'], { stdio: 'inherit', env }),
  spawn('npx', ['vite'], { stdio: 'inherit', env }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) => child.on('exit', (code) => { stop(); process.exitCode = code ?? 0; }));
