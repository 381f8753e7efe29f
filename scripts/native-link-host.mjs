/**
 * Capacitor's `capacitor:copy:after` hook (package.json): writes the site's host, from the config
 * `npx cap sync` just used (capacitor.config.ts, PUBLIC_ORIGIN), where the iOS build reads it for
 * the Universal Links entitlement. Android's Gradle reads the copied capacitor.config.json itself
 * (docs/decisions/163-capacitor-shells.md).
 */
import fs from 'node:fs';
import path from 'node:path';

if (process.env.CAPACITOR_PLATFORM_NAME === 'ios') {
  const { server } = JSON.parse(process.env.CAPACITOR_CONFIG ?? '{}');
  const host = new URL(server.url).host;
  const file = path.join(process.env.CAPACITOR_ROOT_DIR ?? '.', 'ios/App/app-links.xcconfig');
  fs.writeFileSync(
    file,
    `// Written by \`npx cap sync ios\` (scripts/native-link-host.mjs); do not edit.\nAPP_LINK_HOST = ${host}\n`,
  );
  console.log(`Universal Links host: ${host}`);
}
