import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'

export default defineConfig({
	plugins: [tailwindcss(), reactRouter()],
	resolve: { tsconfigPaths: true },
	build: { target: 'es2022' },
	server: { host: '127.0.0.1' },
})
