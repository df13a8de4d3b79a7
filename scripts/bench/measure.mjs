/** Small measuring tools for the benchmark: a process tree's peak memory, gzip sizes, a server to measure against. */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

export const gzipBytes = (data) => gzipSync(data, { level: 9 }).length;

function children(pid) {
  const found = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) found.push(Number(entry));
    } catch {}
  }
  return found;
}

function rssOfTree(pid) {
  let total = 0;
  for (const p of [pid, ...children(pid).flatMap((c) => [c, ...children(c)])]) {
    try {
      const match = readFileSync(`/proc/${p}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
      total += match ? Number(match[1]) * 1024 : 0;
    } catch {}
  }
  return total;
}

/** Runs a command to completion; reports wall time and the peak resident memory of it and its children. */
export function runMeasured(command, args, options) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
    let peak = 0;
    let output = '';
    const timer = setInterval(() => (peak = Math.max(peak, rssOfTree(child.pid))), 50);
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', reject);
    child.on('close', (code) => {
      clearInterval(timer);
      const seconds = (performance.now() - started) / 1000;
      if (code === 0) resolve({ seconds, peakRss: peak, output });
      else reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${output.slice(-4000)}`));
    });
  });
}

/** Starts a built Foyer server on a port and resolves once it answers. */
export async function startServer(entry, port) {
  const child = spawn(process.execPath, [entry], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), ASTRO_NODE_LOGGING: 'disabled' },
    stdio: 'ignore',
  });
  for (let i = 0; i < 100; i += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/en`)).ok) return { url: `http://127.0.0.1:${port}`, stop: () => child.kill() };
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error(`The server at ${entry} did not answer on port ${port}.`);
}

export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * How fast this machine is right now: the best of five runs of a fixed single-threaded workload (gzip of 4 MB of
 * generated text), in ms. Shared machines vary from run to run; this puts the other figures in context.
 */
export function machineSpeedMs() {
  const text = Buffer.from(Array.from({ length: 80_000 }, (_, i) => `line ${i} of the calibration text ${(i * 7919) % 1000}\n`).join(''));
  let best = Infinity;
  for (let run = 0; run < 5; run += 1) {
    const started = performance.now();
    gzipSync(text, { level: 9 });
    best = Math.min(best, performance.now() - started);
  }
  return best;
}
