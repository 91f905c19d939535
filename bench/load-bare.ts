// The baseline of bench:load: a bare Node http server that answers each
// path with the bytes the app answered (no framework, no database).
import fs from 'node:fs'
import http from 'node:http'

const fixtures = JSON.parse(fs.readFileSync(process.argv[2]!, 'utf8')) as Record<string, { status: number; type: string; body: string }>
const answers = new Map(Object.entries(fixtures).map(([key, f]) => [key, { status: f.status, type: f.type, body: Buffer.from(f.body, 'base64') }]))

http
	.createServer((req, res) => {
		// read the request body like the app does, then answer
		req.resume()
		req.on('end', () => {
			const answer = answers.get(`${req.method} ${req.url}`)
			if (!answer) return void res.writeHead(404).end()
			res.writeHead(answer.status, { 'content-type': answer.type, 'content-length': answer.body.length })
			res.end(answer.body)
		})
	})
	.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1', () => console.log('bare server ready'))
