import { defineConfig } from '@playwright/test';
import { APP_PORT, APP_URL } from './e2e/harness/ports';

/** Debian's Chromium; flags keep it off the (closed) network. See README "Tests". */
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const CORPUS_SPECS = ['**/corpus-cdl.spec.ts', '**/corpus-files-cdl.spec.ts'];

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/harness/global-setup.ts',
  // Generous waits: on a busy 2-core machine a first plot (plotly's parse, the decode workers' start) can take
  // over 15 s; a passing test is no slower for it.
  timeout: 90_000,
  expect: { timeout: 30_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  outputDir: 'test-results/e2e',
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    baseURL: APP_URL,
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: '/usr/bin/chromium', args: chromiumArgs },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  // The corpus specs open every corpus dataset and file in a browser and keep both cores busy for minutes; they run
  // after the rest, so the timing of the interactive specs (plots, maps, clicks) is not measured against them.
  projects: [
    { name: 'viewer', testMatch: '**/*.spec.ts', testIgnore: CORPUS_SPECS },
    { name: 'corpus', testMatch: CORPUS_SPECS, dependencies: ['viewer'] },
  ],
  webServer: {
    command: `npx vite preview --port ${APP_PORT} --strictPort --host 127.0.0.1`,
    url: APP_URL,
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
