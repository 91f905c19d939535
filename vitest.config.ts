import { defineConfig } from 'vitest/config'
import { SlowestFirstSequencer } from './tests/setup/sequencer.ts'

export default defineConfig({
	resolve: { tsconfigPaths: true },
	test: {
		include: ['app/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'server/**/*.test.ts', 'prisma/**/*.test.ts', 'tests/integration/**/*.test.ts'],
		globalSetup: ['tests/setup/global-setup.ts'],
		setupFiles: ['tests/setup/setup-env.ts'],
		testTimeout: 20_000,
		hookTimeout: 60_000,
		pool: 'forks',
		fileParallelism: true,
		maxWorkers: 2,
		sequence: { sequencer: SlowestFirstSequencer },
	},
})
