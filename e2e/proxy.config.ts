import { defineConfig } from '@playwright/test';
import path from 'node:path';
import base from './playwright.config.ts';

/**
 * The journeys through a reverse proxy (nginx) in front of two API processes of the compiled server on
 * one MariaDB database. scripts/test.mjs starts them (stage e2e-proxy) and passes the proxy's address
 * in E2E_BASE_URL, the processes' in E2E_UPSTREAMS, their process ids in E2E_UPSTREAM_PIDS and the
 * proxy's access log in E2E_PROXY_ACCESS_LOG.
 */
export default defineConfig({ ...base, testDir: path.join(import.meta.dirname, 'proxy') });
