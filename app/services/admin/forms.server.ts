// Body helpers shared by the /admin screen actions and the /api/admin/* paths.
import type { z } from 'zod'
import { REQUIRED_FIELDS } from '~/lib/schemas/admin.ts'
import { badRequest, fieldErrorsFromZod, HttpError, readBody } from '~/utils/http.server.ts'

/** spec 3 §5: a missing title, excerpt or content answers 'Please fill in all required fields'. */
export async function readBlogBody<S extends z.ZodType>(request: Request, schema: S): Promise<z.output<S>> {
	try {
		return await readBody(request, schema)
	} catch (error) {
		if (error instanceof HttpError && error.status === 400 && Object.values(error.fields ?? {}).includes(REQUIRED_FIELDS)) {
			throw badRequest(REQUIRED_FIELDS, error.fields)
		}
		throw error
	}
}

/**
 * A screen form's fields as the JSON body the same schema reads: repeated
 * names (feature checkboxes) become arrays; `intent` and ids of the form's
 * own plumbing are left out.
 */
export function formFields(form: FormData, { arrays = [], omit = ['intent'] }: { arrays?: string[]; omit?: string[] } = {}) {
	const out: Record<string, unknown> = {}
	for (const key of new Set(form.keys())) {
		if (omit.includes(key)) continue
		const values = form.getAll(key).filter((v): v is string => typeof v === 'string')
		out[key] = arrays.includes(key) ? values : values[0]
	}
	for (const key of arrays) out[key] ??= []
	return out
}

/** Parses a screen form with a schema; a 400 with the fields otherwise (like readBody). */
export async function parseForm<S extends z.ZodType>(fields: Record<string, unknown>, schema: S): Promise<z.output<S>> {
	const parsed = await schema.safeParseAsync(fields)
	if (!parsed.success) {
		const errors = fieldErrorsFromZod(parsed.error)
		throw badRequest(Object.values(errors).includes(REQUIRED_FIELDS) ? REQUIRED_FIELDS : 'Please correct the highlighted fields.', errors)
	}
	return parsed.data
}
