import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The native shells as `npx cap sync` leaves them (decision 163): what the stores and the
 * operating systems read (permissions, purpose strings, entitlements, App Links) and what the
 * platform builds include (every Capacitor plugin the web calls). Building them needs the Android
 * SDK and Xcode, which CI does not have; these are the checks that run without them.
 */
const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
/** The site the sync is run for: its host must reach the Android and iOS link settings. */
const ORIGIN = 'https://links.shro.test';
const HOST = new URL(ORIGIN).host;

const pkg = JSON.parse(read('package.json')) as { dependencies: Record<string, string> };
/** Every Capacitor plugin the app depends on (the runtime and the platforms are not plugins). */
const plugins = Object.keys(pkg.dependencies)
  .filter((name) => name.startsWith('@capacitor/'))
  .map((name) => name.slice('@capacitor/'.length))
  .filter((name) => !['core', 'android', 'ios'].includes(name));

beforeAll(() => {
  const cli = createRequire(import.meta.url).resolve('@capacitor/cli/bin/capacitor');
  execFileSync(process.execPath, [cli, 'sync'], {
    cwd: root,
    env: { ...process.env, PUBLIC_ORIGIN: ORIGIN },
    stdio: 'pipe',
  });
}, 180_000);

it('covers the plugins the web uses (the list is read from package.json)', () => {
  expect(plugins).toEqual(
    expect.arrayContaining(['app', 'camera', 'haptics', 'push-notifications', 'share', 'status-bar']),
  );
});

describe('Android', () => {
  const manifest = () => read('android/app/src/main/AndroidManifest.xml');

  it('asks for the camera and, on Android 13+, for notifications', () => {
    const permissions = [...manifest().matchAll(/<uses-permission\s+android:name="([^"]+)"/g)].map((m) => m[1]);
    expect(permissions).toEqual(
      expect.arrayContaining([
        'android.permission.INTERNET',
        'android.permission.CAMERA',
        'android.permission.POST_NOTIFICATIONS',
      ]),
    );
  });

  it('opens the Shro, invite and profile links of the site as verified App Links', () => {
    const verified = [
      ...manifest().matchAll(/<intent-filter\s+android:autoVerify="true"\s*>([\s\S]*?)<\/intent-filter>/g),
    ];
    expect(verified).toHaveLength(1);
    const filter = verified[0]![1]!;
    expect(filter).toContain('<action android:name="android.intent.action.VIEW" />');
    expect(filter).toContain('<category android:name="android.intent.category.BROWSABLE" />');
    expect(filter).toContain('<category android:name="android.intent.category.DEFAULT" />');
    expect(filter).toContain('<data android:scheme="https" />');
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the manifest's placeholder, which Gradle fills
    expect(filter).toContain('<data android:host="${appLinkHost}" />');
    const prefixes = [...filter.matchAll(/android:pathPrefix="([^"]+)"/g)].map((m) => m[1]);
    expect(prefixes.sort()).toEqual(['/@', '/invite/', '/session/']);
  });

  it("takes the links' host from the synced config, which holds the site's origin", () => {
    expect(read('android/app/build.gradle')).toMatch(/manifestPlaceholders = \[appLinkHost: appLinkHost\]/);
    const synced = JSON.parse(read('android/app/src/main/assets/capacitor.config.json'));
    expect(synced).toMatchObject({ appId: 'app.shro.mobile', appName: 'Shro', server: { url: ORIGIN } });
    expect(synced.plugins.StatusBar).toEqual({ style: 'DARK', backgroundColor: '#1a1625', overlaysWebView: false });
  });

  it.each(plugins)('builds with the %s plugin', (name) => {
    const settings = read('android/capacitor.settings.gradle');
    expect(settings).toContain(`include ':capacitor-${name}'`);
    expect(settings).toContain(
      `project(':capacitor-${name}').projectDir = new File('../node_modules/@capacitor/${name}/android')`,
    );
    expect(read('android/app/capacitor.build.gradle')).toContain(`implementation project(':capacitor-${name}')`);
  });
});

describe('iOS', () => {
  /** A plist's `<key>` followed by its `<string>` value. */
  const plistString = (text: string, key: string) =>
    new RegExp(`<key>${key}</key>\\s*<string>([^<]*)</string>`).exec(text)?.[1];

  it.each(['NSCameraUsageDescription', 'NSPhotoLibraryUsageDescription', 'NSPhotoLibraryAddUsageDescription'])(
    'says why it asks (%s)',
    (key) => {
      expect(plistString(read('ios/App/App/Info.plist'), key)?.trim()).toMatch(/^Shro .{20,}/);
    },
  );

  it('is entitled to push and to Universal Links for the site', () => {
    const entitlements = read('ios/App/App/App.entitlements');
    expect(plistString(entitlements, 'aps-environment')).toBe('development');
    const domains = /<key>com\.apple\.developer\.associated-domains<\/key>\s*<array>([\s\S]*?)<\/array>/.exec(
      entitlements,
    )?.[1];
    expect(domains).toContain('<string>applinks:$(APP_LINK_HOST)</string>');
  });

  it('signs both configurations with the entitlements and gives them the host the sync wrote', () => {
    const project = read('ios/App/App.xcodeproj/project.pbxproj');
    expect(project.match(/CODE_SIGN_ENTITLEMENTS = App\/App\.entitlements;/g)).toHaveLength(2);
    expect(project).toMatch(/baseConfigurationReference = \w+ \/\* app-links\.xcconfig \*\//);
    expect(read('ios/debug.xcconfig')).toContain('#include "App/app-links.xcconfig"');
    expect(read('ios/App/app-links.xcconfig')).toMatch(
      new RegExp(`^APP_LINK_HOST = ${HOST.replace(/\./g, '\\.')}$`, 'm'),
    );
    expect(JSON.parse(read('ios/App/App/capacitor.config.json')).server.url).toBe(ORIGIN);
  });

  it('hands the push token to the plugin', () => {
    const delegate = read('ios/App/App/AppDelegate.swift');
    expect(delegate).toContain('.capacitorDidRegisterForRemoteNotifications');
    expect(delegate).toContain('.capacitorDidFailToRegisterForRemoteNotifications');
  });

  it.each(plugins)('builds with the %s plugin (Swift Package Manager)', (name) => {
    expect(read('ios/App/CapApp-SPM/Package.swift')).toMatch(
      new RegExp(`\\.package\\(name: "\\w+", path: "\\.\\./\\.\\./\\.\\./node_modules/@capacitor/${name}"\\)`),
    );
  });
});
