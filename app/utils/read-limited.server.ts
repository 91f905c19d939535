/**
 * Reads a body stream, stopping (and cancelling the stream) as soon as more than
 * `maxBytes` arrive: then `tooLarge()` is thrown. For request bodies and for
 * third-party replies alike, so neither can exhaust memory.
 */
export async function readLimited(body: ReadableStream<Uint8Array> | null, maxBytes: number, tooLarge: () => Error): Promise<Buffer> {
	if (!body) return Buffer.alloc(0)
	const reader = body.getReader()
	const chunks: Uint8Array[] = []
	let total = 0
	for (;;) {
		const { done, value } = await reader.read()
		if (done) break
		total += value.byteLength
		if (total > maxBytes) {
			await reader.cancel().catch(() => {})
			throw tooLarge()
		}
		chunks.push(value)
	}
	return Buffer.concat(chunks)
}
