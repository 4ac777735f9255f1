import { defineConfig } from '@playwright/test';
import path from 'node:path';

/**
 * Journeys against the built portal in Debian's Chromium. The server is started by
 * scripts/test.mjs (once on SQLite, once on MySQL/MariaDB) and its URL passed in E2E_BASE_URL.
 */
const baseURL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8181';

export default defineConfig({
  testDir: path.join(import.meta.dirname, 'tests'),
  // npm test runs the two databases' journeys side by side, each with its own folder.
  outputDir: process.env.E2E_OUTPUT_DIR ?? path.join(import.meta.dirname, 'test-results'),
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // Generous: npm test runs these beside the type check, unit and API tests, and a journey that takes
  // 30 s alone may take three times that on a busy 2-core machine. What a journey waits for is named in
  // its expectations, never a time.
  timeout: 240_000,
  expect: { timeout: 20_000 },
  reporter: [['list']],
  use: {
    baseURL,
    viewport: { width: 1280, height: 860 },
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
