// Prints the Node the scripts run on and stops when it is not the project's pinned LTS
// (decision 162): npm puts node_modules/.bin, with the `node` package's binary, first on PATH.
import fs from 'node:fs';

const { engines } = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const wantedMajor = Number(/\d+/.exec(engines.node)?.[0]);
const major = Number(process.versions.node.split('.')[0]);
console.log(`Node ${process.version} (${process.execPath})`);
if (major < wantedMajor) {
  console.error(
    `Shro needs Node ${engines.node}; this is ${process.version}. Run it through npm (npm start, npm test), ` +
      'which uses the Node that `npm install` brought into node_modules.',
  );
  process.exit(1);
}
