// The server keeps an idle keep-alive connection open well past Node's default 5 s (server/index.ts),
// so a client that pauses between two requests on one connection gets its answer, not a reset.
import net from 'node:net'
import { expect, test } from '@playwright/test'

/** Sends a GET on the socket and resolves with the status line of the answer. */
function get(socket: net.Socket, host: string, path: string): Promise<string> {
	return new Promise((resolve, reject) => {
		let data = ''
		const onData = (chunk: Buffer) => {
			data += chunk.toString('latin1')
			const head = data.indexOf('\r\n\r\n')
			if (head < 0) return
			const headers = data.slice(0, head)
			const body = data.slice(head + 4)
			const length = /content-length: *(\d+)/i.exec(headers)?.[1]
			// the whole answer: its content-length, or a chunked body's last chunk
			if (length ? body.length < Number(length) : /transfer-encoding: *chunked/i.test(headers) && !body.endsWith('0\r\n\r\n')) return
			socket.off('data', onData)
			socket.off('close', onClose)
			resolve(data.slice(0, data.indexOf('\r\n')))
		}
		const onClose = () => reject(new Error(`the server closed the connection (after: ${JSON.stringify(data.slice(0, 40))})`))
		socket.on('data', onData)
		socket.once('close', onClose)
		socket.write(`GET ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: keep-alive\r\n\r\n`)
	})
}

test('a keep-alive connection idle for 7 s still answers its next request', async ({ baseURL }) => {
	const url = new URL(baseURL!)
	const socket = net.connect(Number(url.port), url.hostname)
	await new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject))
	try {
		expect(await get(socket, url.host, '/healthz')).toBe('HTTP/1.1 200 OK')
		await new Promise((resolve) => setTimeout(resolve, 7_000))
		expect(socket.destroyed).toBe(false)
		expect(await get(socket, url.host, '/healthz')).toBe('HTTP/1.1 200 OK')
	} finally {
		socket.destroy()
	}
})
