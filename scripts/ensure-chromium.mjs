// Makes sure the Chromium the browser tests drive is there (Debian's, never a downloaded build).
// Found: nothing to do. Missing, as root with apt-get: installs Debian's `chromium` (and the emoji
// font the screenshots use). Missing otherwise: stops at once with the one command to run.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';

const executable = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const packages = ['chromium', 'fonts-noto-color-emoji'];
const installCommand = `sudo apt-get update && sudo apt-get install -y ${packages.join(' ')}`;

function isExecutable(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function hasCommand(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

if (!isExecutable(executable)) {
  if (process.env.CHROMIUM_PATH) {
    console.error(`CHROMIUM_PATH is set to ${executable}, which is not an executable file.`);
    process.exit(1);
  }
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !hasCommand('apt-get')) {
    console.error(
      `The browser tests need Debian's Chromium at ${executable}, and it is not installed.\n` +
        `Install it with:\n\n  ${installCommand}\n\n(or set CHROMIUM_PATH to a Chromium you have).`,
    );
    process.exit(1);
  }
  console.log(`Chromium is missing; installing Debian's ${packages.join(' ')} with apt-get…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  try {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '-qq', ...packages], { stdio: 'inherit', env });
  } catch {
    console.error(`Installing Chromium failed. Try:\n\n  ${installCommand}`);
    process.exit(1);
  }
  if (!isExecutable(executable)) {
    console.error(`apt-get finished but ${executable} is still missing.`);
    process.exit(1);
  }
}
