/** Small measuring tools for the benchmark: a process tree's peak memory and CPU time, gzip sizes, a Foyer to measure. */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { freePortBase } from '../authEmulator.mjs';

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

/** CPU seconds (user + system) of this process's children that have ended and been waited for (/proc/self/stat). */
function childrenCpuSeconds() {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // cutime and cstime are fields 16 and 17 of the whole line, in clock ticks (100 a second on Linux).
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

/** Runs a command to completion; reports wall time, CPU time and the peak resident memory of it and its children. */
export function runMeasured(command, args, options) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const cpuBefore = childrenCpuSeconds();
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
      if (code === 0) resolve({ seconds, cpuSeconds: childrenCpuSeconds() - cpuBefore, peakRss: peak, output });
      else reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${output.slice(-4000)}`));
    });
  });
}

/**
 * Starts Foyer as `npm run serve` does (the API, compression, an Auth emulator of its own on free ports, the demo
 * staff member) on a build and a fresh data directory, and resolves once it is running.
 */
export async function startFoyer(root, outDir, port, env = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'foyer-bench-'));
  const child = spawn(process.execPath, [join(root, 'scripts/serve.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      FOYER_DATA_DIR: dataDir,
      FOYER_OUT_DIR: outDir,
      FOYER_AUTH_EMULATOR_PORT: String(await freePortBase()),
      VERIFY_RATE_LIMIT: '1000000',
      // Thousands of streams from one address, ten per contact: the caps for one client (src/server/api/streamLimits.ts)
      // would refuse or end most of them.
      STREAMS_PER_CONTACT: '1000000',
      STREAMS_PER_ADDRESS: '1000000',
      STREAMS_MAX: '1000000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (data) => String(data).includes('Foyer is running') && resolve());
    child.on('exit', (code) => reject(new Error(`Foyer stopped while starting (exit code ${code}).`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    dataDir,
    pid: child.pid,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
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

/** Environment for a measured server that answers memoryAfterGc() (scripts/bench/gcProbe.mjs). */
export function gcProbeEnv(root) {
  // A private folder for the answers, removed when the bench ends.
  const dir = mkdtempSync(join(tmpdir(), 'foyer-bench-memory-'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  return {
    NODE_OPTIONS:
      `${process.env.NODE_OPTIONS ?? ''} --expose-gc --import ${pathToFileURL(join(root, 'scripts/bench/gcProbe.mjs')).href}`.trim(),
    BENCH_MEMORY_FILE: join(dir, 'memory'),
  };
}

/** Asks a server started with gcProbeEnv() to collect garbage, and resolves with its process.memoryUsage() after. */
export async function memoryAfterGc(pid, env) {
  const file = `${env.BENCH_MEMORY_FILE}.${pid}`;
  const asked = Date.now();
  process.kill(pid, 'SIGUSR2');
  for (let waited = 0; waited < 10_000; waited += 50) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    try {
      const usage = JSON.parse(readFileSync(file, 'utf8'));
      if (usage.at >= asked) return usage;
    } catch {}
  }
  throw new Error(`The server (pid ${pid}) did not answer for its memory: is it started with gcProbeEnv()?`);
}
