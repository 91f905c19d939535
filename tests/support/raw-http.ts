// One HTTP/1.1 request on a connection of its own, written by hand so that an
// answer the server sends before it has read the whole body (a 413, a 401) is
// always read. Node's own clients destroy the socket on the first write error
// (ECONNRESET or EPIPE once the server has answered and closed), and an answer
// that had arrived but was not read yet is dropped with it: the fuzz run saw
// that as "no answer". Here a write error only stops the sending; reading goes
// on until the server closes, and "no answer" means none arrived.
import { connect } from 'node:net'

export type RawAnswer = {
	/** 0 when no status line arrived */
	status: number
	headers: Record<string, string>
	text: string
	/** body bytes written before the answer came (or all of them) */
	sentBytes: number
	/** the write error that stopped the sending, if any */
	writeError: string | null
}

export type RawRequest = {
	method?: string
	path: string
	headers?: Record<string, string>
	/** the body, or that many bytes of "a" */
	body?: Buffer | number
	/** Transfer-Encoding: chunked instead of a Content-Length */
	chunked?: boolean
	/** the Content-Length to declare (default: the body's length) */
	declare?: number
}

function splitAnswer(raw: Buffer) {
	const end = raw.indexOf('\r\n\r\n')
	if (end < 0) return null
	const [statusLine = '', ...lines] = raw.subarray(0, end).toString('latin1').split('\r\n')
	const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0)
	if (!status) return null
	const headers: Record<string, string> = {}
	for (const line of lines) {
		const colon = line.indexOf(':')
		if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
	}
	return { status, headers, rest: raw.subarray(end + 4) }
}

/** The body of a chunked answer, and whether its last chunk has arrived. */
function dechunk(raw: Buffer): { body: Buffer; complete: boolean } {
	const parts: Buffer[] = []
	let at = 0
	for (;;) {
		const lineEnd = raw.indexOf('\r\n', at)
		if (lineEnd < 0) return { body: Buffer.concat(parts), complete: false }
		const size = parseInt(raw.subarray(at, lineEnd).toString('latin1'), 16)
		if (!Number.isFinite(size)) return { body: Buffer.concat(parts), complete: false }
		if (size === 0) return { body: Buffer.concat(parts), complete: true }
		parts.push(raw.subarray(lineEnd + 2, Math.min(raw.length, lineEnd + 2 + size)))
		if (lineEnd + 2 + size + 2 > raw.length) return { body: Buffer.concat(parts), complete: false }
		at = lineEnd + 2 + size + 2
	}
}

function readAnswer(raw: Buffer) {
	const answer = splitAnswer(raw)
	if (!answer) return null
	const length = answer.headers['content-length']
	const { body, complete } = /chunked/i.test(answer.headers['transfer-encoding'] ?? '')
		? dechunk(answer.rest)
		: length !== undefined
			? { body: answer.rest.subarray(0, Number(length)), complete: answer.rest.length >= Number(length) }
			: { body: answer.rest, complete: false }
	return { status: answer.status, headers: answer.headers, body, complete }
}

/**
 * Sends the request (the body in 64 kB pieces, as fast as the server takes
 * them, and no more once its answer starts) and resolves with the answer when
 * the connection closes.
 */
export function rawRequest(baseURL: string, { method = 'POST', path, headers = {}, body, chunked = false, declare }: RawRequest): Promise<RawAnswer> {
	const url = new URL(baseURL)
	const bytes = typeof body === 'number' ? body : (body?.length ?? 0)
	const filler = typeof body === 'number' ? Buffer.alloc(Math.min(body, 64 * 1024), 'a') : null
	const given = typeof body === 'number' ? null : (body ?? null)
	const pieceAt = (at: number) => (given ? given.subarray(at, at + 64 * 1024) : filler!.subarray(0, Math.min(filler!.length, bytes - at)))
	return new Promise((resolve) => {
		const socket = connect(Number(url.port), url.hostname)
		const received: Buffer[] = []
		let sent = 0
		let answered = false
		let writeError: string | null = null
		// a failed write stops the sending and nothing else: the answer may be waiting to be read
		const keepReading = (original: (...args: never[]) => void) =>
			function (this: unknown, ...args: unknown[]) {
				const callback = args.pop() as (error?: Error | null) => void
				return (original as (...a: unknown[]) => void).call(this, ...args, (error?: Error | null) => {
					if (error) writeError ??= (error as NodeJS.ErrnoException).code ?? error.message
					callback()
				})
			}
		socket._write = keepReading(socket._write as never) as typeof socket._write
		socket._writev = keepReading(socket._writev as never) as typeof socket._writev
		const sending = () => !answered && !writeError
		const pump = () => {
			while (sending() && sent < bytes) {
				const piece = pieceAt(sent)
				sent += piece.length
				const ok = chunked ? socket.write(`${piece.length.toString(16)}\r\n`) && socket.write(piece) && socket.write('\r\n') : socket.write(piece)
				if (!ok) return void socket.once('drain', pump)
			}
			if (sending() && chunked) socket.write('0\r\n\r\n')
		}
		socket.on('connect', () => {
			const length = chunked ? { 'Transfer-Encoding': 'chunked' } : method === 'GET' || method === 'HEAD' ? {} : { 'Content-Length': String(declare ?? bytes) }
			const head = Object.entries({ Host: url.host, Connection: 'close', ...length, ...headers }).map(([name, value]) => `${name}: ${value}\r\n`)
			socket.write(`${method} ${path} HTTP/1.1\r\n${head.join('')}\r\n`)
			pump()
		})
		socket.on('data', (data: Buffer) => {
			received.push(data)
			answered = true
			// the whole answer is here: we send nothing more (the server closes after it)
			if (readAnswer(Buffer.concat(received))?.complete) socket.end()
		})
		// a read error (the server's reset) ends the connection; what was read stands
		socket.on('error', () => {})
		socket.on('close', () => {
			const answer = readAnswer(Buffer.concat(received))
			resolve({ status: answer?.status ?? 0, headers: answer?.headers ?? {}, text: answer?.body.toString('utf8') ?? '', sentBytes: sent, writeError })
		})
	})
}
