// POST /api/ai-measure {address?, propertyCenter, seeds?}: grass detection on the
// satellite imagery around the centre; `seeds` {lawn, other} are the user's
// "Lawn here" / "Not lawn" corrections (lat/lng, ≤ 20 each, inside the ±30 m
// property window). A re-run is not a search (searches count chosen addresses). With `Accept: text/event-stream` the
// reply streams the pipeline's steps (`event: step` {index, name}) and then
// `event: result` (the reply below) or `event: error` {error, status};
// otherwise one JSON reply {grassAreas, learnedFromSamples, excludedFeatures,
// imagery {zoom, metresPerPixel, groundMetresPerPixel, source}, meanConfidence, roughOutline, seeds}.
// Closing the connection aborts the work between steps.
import type { Route } from './+types/ai-measure'
import { AiMeasureSchema } from '~/lib/schemas/ai-measure.ts'
import { measureGrass, startAiMeasurement } from '~/services/ai-measure.server.ts'
import { requireActor } from '~/services/auth.server.ts'
import { api, HttpError, methodNotAllowed, readBody } from '~/utils/http.server.ts'

export const loader = () => methodNotAllowed(['POST'])

export const action = api(async ({ request }: Route.ActionArgs) => {
	if (request.method !== 'POST') return methodNotAllowed(['POST'])
	const { user } = await requireActor(request)
	const input = await readBody(request, AiMeasureSchema)
	await startAiMeasurement(user)

	if ((request.headers.get('accept') ?? '').includes('text/event-stream')) return eventStream(request, input)
	try {
		return Response.json(await measureGrass(input, { signal: request.signal }))
	} catch (error) {
		// the caller has gone: nobody reads this, and it is not our failure
		if (request.signal.aborted) return Response.json({ error: 'Analysis cancelled' }, { status: 499 })
		throw error
	}
})

function eventStream(request: Request, input: Parameters<typeof measureGrass>[0]): Response {
	const abort = new AbortController()
	const onAbort = () => abort.abort(request.signal.reason)
	request.signal.addEventListener('abort', onAbort, { once: true })
	const encoder = new TextEncoder()
	const stream = new ReadableStream<Uint8Array>({
		async start(controller) {
			const send = (event: string, data: unknown) => {
				if (!abort.signal.aborted) controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`))
			}
			try {
				const result = await measureGrass(input, { signal: abort.signal, onStep: (index, name) => send('step', { index, name }) })
				send('result', result)
			} catch (error) {
				if (!abort.signal.aborted) {
					if (error instanceof HttpError) send('error', { error: error.message, status: error.status })
					else {
						console.error('AI measurement failed', error)
						send('error', { error: 'Something went wrong on our side. Please try again.', status: 500 })
					}
				}
			} finally {
				request.signal.removeEventListener('abort', onAbort)
				try {
					controller.close()
				} catch {
					// already closed by a cancel
				}
			}
		},
		cancel() {
			abort.abort(new DOMException('The client closed the stream', 'AbortError'))
		},
	})
	return new Response(stream, {
		headers: { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', Connection: 'keep-alive', 'X-Accel-Buffering': 'no' },
	})
}
