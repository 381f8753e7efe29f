import { bundleServer, SERVER_BUNDLE } from '../../scripts/build-server';

/** The drills run the server's build (tests/support/server-process.ts): built afresh from the sources. */
export default async function setup() {
  await bundleServer('server/server.ts', SERVER_BUNDLE);
}
