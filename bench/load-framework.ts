// A reference for bench:load's floor (`LOAD_SERVER=bench/load-framework.ts LOAD_ONLY=healthz npm
// run bench:load`): the same build served by React Router's own Node listener (@react-router/node's
// createRequestListener, node-fetch-server) with none of our front door — no security headers,
// cross-site check, compression, static files or client address: what the framework alone costs.
import '../server/production-env.ts'
import http from 'node:http'
import { createRequestListener } from '@react-router/node'

// @ts-expect-error the build output has no types
const build = await import('../build/server/index.js')
http
	.createServer(createRequestListener({ build, mode: 'production' }))
	.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1', () => console.log('Yardstick is running'))
