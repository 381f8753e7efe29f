import type { CapacitorConfig } from '@capacitor/cli';
import { BRAND_BACKGROUND, PRODUCT_NAME } from './contract/product';

/**
 * The deployed site the shells load, read when `npx cap sync` runs: the API keeps auth sessions in
 * cookies, so the app must be that origin, not a bundled copy on another one (decision 163). The
 * Android App Links and iOS Universal Links use its host too.
 */
const publicOrigin = new URL(process.env.PUBLIC_ORIGIN || 'https://shro.example').origin;

const config: CapacitorConfig = {
  appId: 'app.shro.mobile',
  appName: PRODUCT_NAME,
  // Only the offline page is packaged: the app itself comes from the site (decision 163).
  webDir: 'web/public',
  backgroundColor: BRAND_BACKGROUND,
  server: {
    url: publicOrigin,
    androidScheme: 'https',
    errorPath: 'offline.html',
  },
  plugins: {
    StatusBar: { style: 'DARK', backgroundColor: BRAND_BACKGROUND, overlaysWebView: false },
    SplashScreen: { backgroundColor: BRAND_BACKGROUND, launchShowDuration: 0 },
    PushNotifications: { presentationOptions: ['badge', 'sound', 'alert'] },
  },
};

export default config;
