// The /settings action's "quote-widget" intent (issue 19): the section's form
// parsed with its schema and saved by the quote-widget service. Kept out of
// app/routes/settings.tsx, which only delegates the intent here.
import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import { appUrl } from '~/env.server.ts'
import { embedSnippet } from '~/lib/quote-widget.ts'
import { QuoteWidgetSettingsSchema } from '~/lib/schemas/quote-widget.ts'
import { HttpError } from '~/utils/http.server.ts'
import { getQuoteWidgetSettings, saveQuoteWidgetSettings } from './quote-widget.server.ts'
import { redirectWithToast } from './toast.server.ts'
import type { ClientUser } from './users.server.ts'

export const QUOTE_WIDGET_INTENT = 'quote-widget'
const FAILED = { title: 'Update Failed', description: 'Failed to save the quote widget. Check the fields and try again.' }

export type QuoteWidgetActionData = { intent: typeof QUOTE_WIDGET_INTENT; result?: SubmissionResult<string[]>; toast?: { title: string; description?: string }; at: number }

/**
 * Typed as carrying no data, so the settings route's own ActionData type stays
 * as it is; the section finds its result by `intent` (QuoteWidgetSection).
 */
const failed = (status: number, result: SubmissionResult<string[]>, toast = FAILED) =>
	data<QuoteWidgetActionData>({ intent: QUOTE_WIDGET_INTENT, result, toast, at: Date.now() }, { status }) as unknown as ReturnType<typeof data<never>>

/** The section's data for the settings loader: account and site admins of an organization only, else null. */
export async function quoteWidgetSection(user: ClientUser) {
	if ((user.role !== 'account_admin' && user.role !== 'site_admin') || !user.organizationId) return null
	const settings = await getQuoteWidgetSettings(user)
	return { ...settings, snippet: settings.publicKey ? embedSnippet(appUrl(), settings.publicKey) : null }
}
export type QuoteWidgetSectionData = NonNullable<Awaited<ReturnType<typeof quoteWidgetSection>>>

export async function quoteWidgetIntent(user: ClientUser, formData: FormData) {
	formData.delete('intent')
	const submission = parseWithZod(formData, { schema: QuoteWidgetSettingsSchema })
	if (submission.status !== 'success') return failed(400, submission.reply())
	try {
		const saved = await saveQuoteWidgetSettings(user, submission.value)
		return redirectWithToast('/settings?tab=organization#quote-widget', {
			title: 'Quote Widget Saved',
			description: saved.enabled ? 'Your quote widget is on. Paste the snippet into your website.' : 'Your quote widget is off.',
			type: 'success',
		})
	} catch (error) {
		if (!(error instanceof HttpError)) throw error
		const fieldErrors = error.fields ? Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k, [v]])) : null
		return failed(error.status, submission.reply({ formErrors: fieldErrors ? [] : [error.message], fieldErrors: fieldErrors ?? undefined }))
	}
}
