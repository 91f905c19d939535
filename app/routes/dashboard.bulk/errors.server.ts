// The bulk-measure screens' server side (issue 34): a service's HttpError
// becomes the route's error response (loaders) or the form's message (actions).
import { data } from 'react-router'
import { HttpError } from '~/utils/http.server.ts'

/** Runs a loader's service call; its HttpError becomes the page's error status and message. */
export async function orPageError<T>(work: () => Promise<T>): Promise<T> {
	try {
		return await work()
	} catch (error) {
		if (error instanceof HttpError) throw data(error.message, { status: error.status })
		throw error
	}
}

/** Runs an action's service call; its HttpError becomes `{ error }` for the form (with its status). */
export async function orFormError<T>(work: () => Promise<T>) {
	try {
		return { ok: await work() }
	} catch (error) {
		if (error instanceof HttpError) return { failed: data({ error: error.message }, { status: error.status }) }
		throw error
	}
}
