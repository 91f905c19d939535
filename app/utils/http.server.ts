// The JSON error contract of every /api/* path: `{ error, fields? }` with a 4xx
// status for anything the caller got wrong, never an HTML page or a bare 500.
import { data } from 'react-router'
import { z } from 'zod'
import { readLimited } from './read-limited.server.ts'

export type FieldErrors = Record<string, string>

export class HttpError extends Error {
	constructor(
		public status: number,
		message: string,
		public fields?: FieldErrors,
		public headers?: HeadersInit,
	) {
		super(message)
	}
}

export const badRequest = (message: string, fields?: FieldErrors) => new HttpError(400, message, fields)
export const unauthorized = (message = 'Authentication required') => new HttpError(401, message)
export const forbidden = (message = 'You do not have permission to do that') => new HttpError(403, message)
export const notFound = (message = 'Not found') => new HttpError(404, message)
export const conflict = (message: string, fields?: FieldErrors) => new HttpError(409, message, fields)
export const tooManyRequests = (message: string, retryAfterSeconds?: number) =>
	new HttpError(429, message, undefined, retryAfterSeconds ? { 'Retry-After': String(retryAfterSeconds) } : undefined)

export function jsonError(error: HttpError) {
	return Response.json(
		error.fields ? { error: error.message, fields: error.fields } : { error: error.message },
		{ status: error.status, headers: error.headers },
	)
}

export function fieldErrorsFromZod(error: z.ZodError): FieldErrors {
	// a Map, then own properties: a key such as "__proto__" stays a plain field name
	const fields = new Map<string, string>()
	const add = (key: string, message: string) => {
		if (!fields.has(key)) fields.set(key, message)
	}
	for (const issue of error.issues) {
		if (issue.code === 'unrecognized_keys') {
			for (const k of issue.keys) add([...issue.path, k].join('.'), 'Unknown field')
			continue
		}
		add(issue.path.length ? issue.path.join('.') : '_', issue.message)
	}
	return Object.fromEntries(fields)
}

export const MAX_JSON_BYTES = 100 * 1024

export const UNSTORABLE_TEXT = 'Contains characters that are not allowed'
// NUL cannot be stored in PostgreSQL text (the query fails); an unpaired surrogate
// is not Unicode and would be silently replaced on the way to the database
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

/** The path of every string (or key) in `value` that holds NUL or an unpaired surrogate. */
export function unstorableText(value: unknown, path: string[] = [], found: FieldErrors = {}, depth = 0): FieldErrors {
	// own properties: a field named "__proto__" is reported like any other
	const put = (key: string) => Object.defineProperty(found, key, { value: UNSTORABLE_TEXT, enumerable: true, configurable: true, writable: true })
	if (typeof value === 'string') {
		if (UNSTORABLE.test(value)) put(path.length ? path.join('.') : '_')
	} else if (value !== null && typeof value === 'object' && depth < 64) {
		for (const [key, inner] of Object.entries(value)) {
			if (UNSTORABLE.test(key)) put([...path, key.replace(UNSTORABLE, '?')].join('.'))
			else unstorableText(inner, [...path, key], found, depth + 1)
		}
	}
	return found
}

// the rest of the body is never read, so the connection cannot be reused
export const payloadTooLarge = () => new HttpError(413, 'Request body is too large', undefined, { Connection: 'close' })

/**
 * Reads the body of an /api/* request: JSON, or form fields for the same schema.
 * Rejects oversized, malformed and invalid bodies with a 4xx HttpError.
 */
export async function readBody<S extends z.ZodType>(
	request: Request,
	schema: S,
	{ maxBytes = MAX_JSON_BYTES }: { maxBytes?: number } = {},
): Promise<z.output<S>> {
	const declared = Number(request.headers.get('content-length') ?? '0')
	if (declared > maxBytes) throw payloadTooLarge()
	const buffer = await readLimited(request.body, maxBytes, payloadTooLarge)
	const type = request.headers.get('content-type') ?? ''
	let raw: unknown
	if (type.includes('application/x-www-form-urlencoded')) {
		raw = Object.fromEntries(new URLSearchParams(buffer.toString('utf8')))
	} else if (buffer.length === 0) {
		raw = {}
	} else {
		const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false })
		let source: string
		try {
			source = text.decode(buffer)
		} catch {
			throw badRequest('Request body is not valid UTF-8')
		}
		try {
			raw = JSON.parse(source)
		} catch {
			throw badRequest('Malformed JSON body')
		}
	}
	if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
		throw badRequest('Request body must be a JSON object')
	}
	const unstorable = unstorableText(raw)
	if (Object.keys(unstorable).length) throw badRequest('Invalid input', unstorable)
	const parsed = await schema.safeParseAsync(raw)
	if (!parsed.success) {
		throw badRequest('Invalid input', fieldErrorsFromZod(parsed.error))
	}
	return parsed.data
}

/**
 * Reads the query string of an /api/* GET for `schema` (the first value of
 * each parameter). Invalid input is a 400 with the fields that are wrong.
 */
export function readQuery<S extends z.ZodType>(request: Request, schema: S): z.output<S> {
	const params = new URL(request.url).searchParams
	// no prototype: a parameter named "__proto__" stays a plain key
	const raw: Record<string, string> = Object.create(null)
	for (const [key, value] of params) if (!Object.hasOwn(raw, key)) raw[key] = value
	const unstorable = unstorableText(raw)
	if (Object.keys(unstorable).length) throw badRequest('Invalid input', unstorable)
	const parsed = schema.safeParse(raw)
	if (!parsed.success) throw badRequest('Invalid input', fieldErrorsFromZod(parsed.error))
	return parsed.data
}


/**
 * Wraps a resource route's loader/action: HttpErrors and thrown Responses
 * become their replies, anything unexpected becomes a logged 500 JSON reply.
 * A path parameter no row can have (NUL, an unpaired surrogate) is a 404 and
 * such a query parameter a 400, before the handler runs.
 */
export function api<A extends unknown[]>(handler: (...args: A) => Promise<Response>) {
	return async (...args: A): Promise<Response> => {
		try {
			const { params, request } = (args[0] ?? {}) as { params?: Record<string, unknown>; request?: Request }
			if (params && Object.keys(unstorableText(params)).length) throw notFound()
			if (request) {
				const query: FieldErrors = {}
				for (const [key, value] of new URL(request.url).searchParams) unstorableText({ [key]: value }, [], query)
				if (Object.keys(query).length) throw badRequest('Invalid input', query)
			}
			return await handler(...args)
		} catch (error) {
			if (error instanceof HttpError) return jsonError(error)
			if (error instanceof Response) return error
			if (isRouteData(error)) throw error
			console.error('Unhandled API error', error)
			return Response.json({ error: 'Something went wrong on our side. Please try again.' }, { status: 500 })
		}
	}
}

function isRouteData(value: unknown): boolean {
	return typeof value === 'object' && value !== null && (value as { type?: string }).type === 'DataWithResponseInit'
}

export function methodNotAllowed(allowed: string[]) {
	return Response.json({ error: 'Method not allowed' }, { status: 405, headers: { Allow: allowed.join(', ') } })
}

export { data }
