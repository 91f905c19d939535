// `npm test`'s closing lines: CI keeps only the end of the log, so the summary names every failed
// test again (Vitest's and Playwright's), with the first lines of its error.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, expect, test } from 'vitest'

const dirs: string[] = []
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })))

function summarise(reports: { vitest?: unknown; playwright?: unknown }) {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'test-summary-'))
	dirs.push(dir)
	fs.mkdirSync(path.join(dir, 'tmp'))
	if (reports.vitest) fs.writeFileSync(path.join(dir, 'tmp/vitest.json'), JSON.stringify(reports.vitest))
	if (reports.playwright) fs.writeFileSync(path.join(dir, 'tmp/playwright.json'), JSON.stringify(reports.playwright))
	const result = spawnSync(process.execPath, [path.resolve('scripts/test-summary.mjs')], { cwd: dir, encoding: 'utf8' })
	return { code: result.status, lines: result.stdout.trim().split('\n') }
}

const vitest = (failed: boolean) => ({
	numPassedTests: failed ? 2 : 3,
	numFailedTests: failed ? 1 : 0,
	numPendingTests: 0,
	numTodoTests: 0,
	numFailedTestSuites: failed ? 1 : 0,
	testResults: [
		{
			name: '/ci/app/grass/pool.server.test.ts',
			status: failed ? 'failed' : 'passed',
			assertionResults: [
				{ fullName: 'the pool runs', status: 'passed' },
				{ fullName: 'workers run below the server', status: failed ? 'failed' : 'passed', failureMessages: failed ? ['\u001b[31mAssertionError: expected 5 to be +0\u001b[39m\n    at pool.server.test.ts:71:36'] : [] },
				{ fullName: 'inline', status: 'passed' },
			],
		},
	],
})

const playwright = (status: 'expected' | 'unexpected' | 'flaky') => ({
	stats: { expected: status === 'expected' ? 2 : 1, unexpected: status === 'unexpected' ? 1 : 0, flaky: status === 'flaky' ? 1 : 0, skipped: 0 },
	suites: [
		{
			specs: [{ file: 'landing.spec.ts', line: 3, title: 'landing', tests: [{ projectName: 'chromium', status: 'expected', results: [{ status: 'passed' }] }] }],
			suites: [
				{
					specs: [
						{
							file: 'measure.spec.ts',
							line: 245,
							title: 'a deep link highlights the saved measurement',
							tests: [{ projectName: 'chromium', status, results: [{ status: 'failed', error: { message: 'Error: expect(locator).toHaveText(expected) failed\n\nExpected: "Front lawn"' } }] }],
						},
					],
				},
			],
		},
	],
})

test('all green: one line, exit 0', () => {
	const { code, lines } = summarise({ vitest: vitest(false), playwright: playwright('expected') })
	expect(lines).toEqual(['5 passed, 0 failed'])
	expect(code).toBe(0)
})

test('a failed Vitest test and a flaky Playwright test are named at the end, with their errors; exit 1', () => {
	const { code, lines } = summarise({ vitest: vitest(true), playwright: playwright('flaky') })
	expect(lines.at(-1)).toBe('3 passed, 2 failed')
	expect(lines).toContain('  ✗ vitest /ci/app/grass/pool.server.test.ts › workers run below the server')
	expect(lines).toContain('    AssertionError: expected 5 to be +0')
	expect(lines).toContain('  ✗ playwright [chromium] measure.spec.ts:245 › a deep link highlights the saved measurement (flaky: failed, then passed on retry)')
	expect(lines).toContain('    Error: expect(locator).toHaveText(expected) failed')
	expect(lines.join('\n')).not.toContain('landing')
	expect(code).toBe(1)
})

test('a run whose report is missing (a crash before the JSON was written) fails', () => {
	const { code, lines } = summarise({ vitest: vitest(false) })
	expect(lines.at(-1)).toBe('3 passed, 1 failed')
	expect(code).toBe(1)
})

test('a test file that does not load is named and counted, though no test in it failed', () => {
	const report = vitest(false)
	report.numFailedTestSuites = 1
	report.testResults.push({ name: '/ci/app/broken.test.ts', status: 'failed', message: 'Error: Transform failed with 1 error:\nExpected `,` or `)`', assertionResults: [] } as never)
	const { code, lines } = summarise({ vitest: report, playwright: playwright('expected') })
	expect(lines).toContain('  ✗ vitest /ci/app/broken.test.ts')
	expect(lines).toContain('    Error: Transform failed with 1 error:')
	expect(lines.at(-1)).toBe('5 passed, 1 failed')
	expect(code).toBe(1)
})
