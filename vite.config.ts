import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import path from 'node:path'
import { defineConfig } from 'vite'

export default defineConfig({
	plugins: [tailwindcss(), reactRouter()],
	resolve: {
		tsconfigPaths: true,
		// Zod without eval in the browser (see app/lib/zod.ts)
		alias: [{ find: /^zod$/, replacement: path.resolve('app/lib/zod.ts') }],
	},
	build: { target: 'es2022' },
	server: { host: '127.0.0.1' },
})
