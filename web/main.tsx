// First: zod must be jitless before any schema is built (CSP forbids eval).
import './lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppLayout } from './app/layout/app-layout';
import { AppProviders } from './app/providers';
import { AppRouter } from './app/router';
import { configureStatusBar } from './lib/native';
import { registerServiceWorker } from './lib/service-worker';
import './styles.css';

// Inside the native shell: the dark status bar on the brand background (a no-op on the web).
configureStatusBar();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders>
      <AppLayout>
        <AppRouter />
      </AppLayout>
    </AppProviders>
  </StrictMode>,
);

registerServiceWorker();
