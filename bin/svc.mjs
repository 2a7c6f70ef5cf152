#!/usr/bin/env node
// The `svc` command. Node 20 cannot run TypeScript by itself, so tsx's loader is
// registered first; the CLI itself lives in adapters/cli.ts.
import { spawn } from 'node:child_process';

// `svc serve` runs under glibc malloc settings that give memory back (docs/decisions.md,
// "Memory returns"): without them, a message that made an analysis worker allocate
// hundreds of MiB left the process that much larger after the worker was gone. glibc reads
// them only at start-up and Node 20 cannot exec, so the server runs as a child of this
// small process, which forwards signals and exits as the child does. Setting
// MALLOC_ARENA_MAX yourself (any value) runs the server in this process, as it is.
const tune =
  process.argv[2] === 'serve' &&
  process.platform === 'linux' &&
  process.env.MALLOC_ARENA_MAX === undefined &&
  Boolean(process.report?.getReport().header.glibcVersionRuntime);

if (tune) {
  const child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    // A group of its own: Ctrl-C in a terminal signals the whole foreground group, and the
    // server, which stops gracefully on the first SIGINT only, must get it once (from here).
    detached: true,
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    env: {
      ...process.env,
      MALLOC_ARENA_MAX: '2',
      MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? '131072',
      SVC_SERVE_PARENT: '1',
    },
  });
  const forward = (signal) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  };
  const signals = ['SIGTERM', 'SIGINT', 'SIGHUP', 'SIGQUIT', 'SIGUSR2'];
  for (const signal of signals) process.on(signal, forward);
  child.on('exit', (code, signal) => {
    for (const s of signals) process.off(s, forward);
    if (signal) process.kill(process.pid, signal);
    else process.exit(code ?? 1);
  });
  // The child could not be started at all (e.g. this user may run Node but not spawn it
  // again from a path it cannot reach): serve in this process, without the settings.
  child.on('error', (error) => {
    for (const s of signals) process.off(s, forward);
    process.stderr.write(`svc: serving without the memory settings (${error.code ?? error.message})\n`);
    runHere();
  });
} else {
  if (process.env.SVC_SERVE_PARENT && process.channel) {
    // This process's parent is the wrapper above: if it dies (SIGKILL cannot be forwarded),
    // die the same way rather than serve on without the process its supervisor knows.
    process.channel.unref();
    process.on('disconnect', () => process.kill(process.pid, 'SIGKILL'));
  }
  await runHere();
}

async function runHere() {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../adapters/cli.ts');
}
