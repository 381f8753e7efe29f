import { assertWebBuilt } from '../../tests/support/web-server';

/** Stops the run with the one command to run when there is no web build to serve. */
export default function globalSetup() {
  assertWebBuilt();
}
