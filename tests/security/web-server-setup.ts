import { spawn } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { bundleServer } from '../../scripts/build-server';
import { freePort } from '../support/redis-server';
import { assertWebBuilt, browserTestServerEnv, serverArgs, testServerBundle } from '../support/web-server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

/** Starts the built server on a throw-away database for the XSS checks in Chromium (xss.spec.ts). */
export default async function setup(project: TestProject) {
  assertWebBuilt();
  const bundle = testServerBundle('security');
  await bundleServer('server/server.ts', bundle);
  const port = await freePort();
  const child = spawn(process.execPath, serverArgs(bundle), {
    env: { ...process.env, ...browserTestServerEnv(port) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('server did not become ready');
    const ready = await fetch(`${baseURL}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  project.provide('baseURL', baseURL);
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  };
}
