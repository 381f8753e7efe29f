import { bundleServer } from '../../scripts/build-server';
import { testServerBundle } from '../support/web-server';

/** The drills run the server's build (tests/support/server-process.ts), made afresh from the sources. */
export default async function setup() {
  await bundleServer('server/server.ts', testServerBundle('faults'));
}
