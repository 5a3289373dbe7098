// One Node process of a bench under /usr/bin/time (test/bench/README.md): its exit code, wall time
// measured here, peak RSS as time reports it, and what it printed. Shared by access.js and review.js.
import { spawn } from 'node:child_process';

/** Runs `node <args>` under /usr/bin/time: { code, ms, rssMb, stdout, stderr }. */
export const timed = (args, env) =>
  new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn('/usr/bin/time', ['-f', '%M', process.execPath, ...args], { env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, ms: Number(process.hrtime.bigint() - started) / 1e6, rssMb: Number(err.trim().split('\n').pop()) / 1024, stdout: out, stderr: err }));
  });

/** The median of a list of numbers (the upper one of an even count). */
export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
