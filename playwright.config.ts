import { defineConfig, devices } from '@playwright/test'
import { E2E_PORT } from './tests/support/e2e-env.ts'

const baseURL = `http://127.0.0.1:${E2E_PORT}`

// Tests never reach the internet (shared STACK.md T5): app servers a test
// starts itself inherit this closed local port for the Census geocoder; the
// e2e stack points it at its own local Census server.
process.env.CENSUS_GEOCODER_URL ??= 'http://127.0.0.1:9/geocoder'

// Debian's Chromium (shared STACK.md trap T4): never `playwright install`.
const chromium = {
	...devices['Desktop Chrome'],
	launchOptions: {
		executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
		args: [
			'--no-sandbox',
			'--disable-gpu',
			'--disable-dev-shm-usage',
			'--disable-background-networking',
			'--disable-component-update',
			'--disable-sync',
			'--no-first-run',
			'--disable-quic',
		],
	},
}

export default defineConfig({
	testDir: 'tests',
	outputDir: 'test-results',
	fullyParallel: true,
	forbidOnly: Boolean(process.env.CI),
	retries: 0,
	workers: 2,
	reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
	timeout: 30_000,
	// CI runs the whole suite on a busy 2-core machine, where one form post has been seen
	// to take over 7 s (stop 44: a toast after "Disable 2FA"); a passing test is not slowed.
	expect: { timeout: 15_000 },
	// A trace keeps its DOM snapshots (what a failure needs) but not the screencast: the
	// screencast's frames cost Chromium's browser and GPU processes a quarter of the
	// suite's CPU on 2 cores (dashboard + measure specs: 175-207 s → 136-150 s wall).
	use: { baseURL, trace: { mode: 'retain-on-failure', screenshots: false }, screenshot: 'only-on-failure' },
	projects: [
		{ name: 'api', testDir: 'tests/api', use: {} },
		{ name: 'chromium', testDir: 'tests/e2e', testIgnore: /\.nojs\.spec\.ts$/, use: chromium },
		{ name: 'no-js', testDir: 'tests/e2e', testMatch: /\.nojs\.spec\.ts$/, use: { ...chromium, javaScriptEnabled: false } },
	],
	webServer: {
		command: 'node_modules/.bin/tsx tests/support/e2e-server.ts',
		url: `${baseURL}/`,
		reuseExistingServer: false,
		timeout: 120_000,
		stdout: 'pipe',
		stderr: 'pipe',
		gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
	},
})
