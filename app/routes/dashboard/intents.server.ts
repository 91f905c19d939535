// The dashboard action's intents, one handler each. A handler parses its form
// with the same zod schema as the matching /api/* path and calls the same
// service; the service keeps the rules. Success redirects back to the list as
// it was (with a toast); a refusal replies with Conform's result and a toast.
import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect } from 'react-router'
import { z } from 'zod'
import { EditUserSchema, InviteSchema, RenameMeasurementSchema } from '~/lib/schemas/account.ts'
import { ChangeSubscriptionSchema } from '~/lib/schemas/billing.ts'
import { ChangePasswordSchema } from '~/lib/schemas/settings.ts'
import { LEAD_STATUS_LABELS } from '~/lib/leads.ts'
import { LeadUpdateSchema } from '~/lib/schemas/quote-widget.ts'
import { ShareFormSchema } from '~/lib/schemas/share.ts'
import type { Actor } from '~/services/auth.server.ts'
import { changeSubscription, UPGRADED, UPGRADE_NEEDS_CONFIRMATION } from '~/services/billing.server.ts'
import { confirmInvoicePayment } from '~/services/invoice-payments.server.ts'
import { openLeadInMeasure, updateLead } from '~/services/leads.server.ts'
import { deleteMeasurement, updateMeasurement } from '~/services/measurements.server.ts'
import { changePassword } from '~/services/password.server.ts'
import { createShare, revokeShare } from '~/services/share.server.ts'
import { cancelInvitation, inviteUser, removeTeamUser, sendTeamPasswordReset, updateTeamUser } from '~/services/team.server.ts'
import { redirectWithToast } from '~/services/toast.server.ts'
import { forbidden, HttpError } from '~/utils/http.server.ts'
import { hrefWith, readQuery, type ActionData, type Intent } from './shared.ts'

/** Row actions carry only the row id, taken out before parsing. */
const NoFields = z.strictObject({})
/** URL parameters that open a dialog or a row state; dropped after an action. */
const UI_PARAMS = ['dialog', 'id', 'rename', 'members', 'invitations', 'plan', 'coupon'] as const

const FAILURE_TOASTS: Record<Intent, { title: string; fallback: string }> = {
	rename: { title: 'Error', fallback: 'Failed to update measurement' },
	delete: { title: 'Error', fallback: 'Failed to delete measurement' },
	invite: { title: 'Failed to send invitation', fallback: 'Please try again' },
	editUser: { title: 'Error', fallback: 'Failed to update user' },
	removeUser: { title: 'Failed to remove user', fallback: 'Please try again' },
	resetPassword: { title: 'Error', fallback: 'Failed to send password reset' },
	cancelInvitation: { title: 'Failed to cancel invitation', fallback: 'Please try again' },
	changePassword: { title: 'Failed to change password', fallback: 'Please try again' },
	changeSubscription: { title: 'Update Failed', fallback: 'Failed to update subscription plan.' },
	share: { title: 'Error', fallback: 'Failed to create the share link' },
	revokeShare: { title: 'Error', fallback: 'Failed to revoke the share link' },
	leadStatus: { title: 'Error', fallback: 'Failed to update the lead' },
	openLead: { title: 'Error', fallback: 'Failed to open the lead in Measure' },
}

type Reply = Response | ReturnType<typeof data<ActionData>>

/** What a handler gets: who asks, the request, and the helpers that shape the reply. */
type Context = Actor & {
	request: Request
	/** success: back to the list as it was, with a toast */
	done: (title: string, description?: string) => Promise<Response>
	/** parses the form with the schema, then runs `handle`; a refusal (400, or a service's HttpError) becomes the form's errors and a toast */
	run: <S extends z.ZodType>(schema: S, handle: (value: z.output<S>) => Promise<Reply>, hideFields?: string[]) => Promise<Reply>
	/** actions on one row carry its id in `id`; the form schema doesn't know it */
	takeId: () => string
}

const HANDLERS: Record<Intent, (c: Context) => Promise<Reply>> = {
	rename: (c) =>
		c.run(RenameMeasurementSchema, async ({ id, label }) => {
			await updateMeasurement(c.user, id, { label })
			return c.done('Measurement Updated', 'Measurement updated successfully.')
		}),
	delete: (c) => {
		const id = c.takeId()
		return c.run(NoFields, async () => {
			await deleteMeasurement(c.user, id)
			return c.done('Measurement Deleted', 'Measurement deleted successfully.')
		})
	},
	invite: (c) =>
		c.run(InviteSchema, async (input) => {
			await inviteUser(c.user, input)
			return c.done('Invitation sent!', 'The user will receive an email invitation.')
		}),
	editUser: (c) => {
		const id = c.takeId()
		return c.run(EditUserSchema, async (input) => {
			await updateTeamUser(c.user, id, input)
			return c.done('User updated')
		})
	},
	removeUser: (c) => {
		const id = c.takeId()
		return c.run(NoFields, async () => {
			await removeTeamUser(c.user, id)
			return c.done('User removed from organization')
		})
	},
	resetPassword: (c) => {
		const id = c.takeId()
		return c.run(NoFields, async () => {
			await sendTeamPasswordReset(c.user, id)
			return c.done('Password reset sent')
		})
	},
	cancelInvitation: (c) => {
		const id = c.takeId()
		return c.run(NoFields, async () => {
			await cancelInvitation(c.user, id)
			return c.done('Invitation cancelled')
		})
	},
	changePassword: (c) =>
		c.run(
			ChangePasswordSchema,
			async (input) => {
				await changePassword(c.user, input, { keepSessionSid: c.session.sid })
				return c.done('Password changed successfully', 'You can now use your new password to log in.')
			},
			['currentPassword', 'newPassword', 'confirmPassword'],
		),
	changeSubscription: (c) =>
		c.run(ChangeSubscriptionSchema, async (input) => {
			if (!c.user.organizationId) throw forbidden('No organization found')
			const result = await changeSubscription(c.user, c.user.organizationId, input)
			// Stripe: an upgrade the bank wants confirmed goes through its page and back to /billing; a decline or an outage says so
			if ('payment' in result && result.payment.status === 'requires_confirmation') {
				const step = await confirmInvoicePayment(c.user, result.payment.invoiceId)
				if ('redirect' in step) return redirect(step.redirect)
				if (step.status === 'paid') return c.done('Upgraded!', UPGRADED)
				return redirectWithToast('/billing', { title: 'Upgrade Not Completed', description: step.message ?? UPGRADE_NEEDS_CONFIRMATION, type: 'destructive' })
			}
			if ('payment' in result && result.payment.status !== 'paid') {
				return redirectWithToast('/billing', { title: 'Upgrade Not Completed', description: `${result.payment.message ?? ''} Your plan has not changed.`.trim(), type: 'destructive' })
			}
			if (result.changeType === 'upgrade') return c.done('Upgraded!', UPGRADED)
			if (result.changeType === 'downgrade') return c.done('Downgrade Scheduled', result.message)
			return c.done('Updated!', 'Subscription updated successfully!')
		}),
	// issue 19: the share dialog (the same service and fields as POST/DELETE /api/measurements/{id}/share)
	share: (c) => {
		const id = c.takeId()
		return c.run(ShareFormSchema, async (input) => {
			const created = await createShare(c.user, id, input)
			// the link is shown once: in this reply, in the dialog that stays open
			return data<ActionData>({ intent: 'share', result: { status: 'success' }, created: { url: created.url, expiresAt: created.expiresAt } })
		})
	},
	revokeShare: (c) => {
		const id = c.takeId()
		return c.run(NoFields, async () => {
			await revokeShare(c.user, id)
			return redirectWithToast(hrefWith(readQuery(new URL(c.request.url)), { dialog: 'share', id }), { title: 'Share Link Revoked', description: 'The customer link no longer works.', type: 'success' })
		})
	},
	// issue 19: the Leads list (the same service and schema as PATCH /api/leads/{id})
	leadStatus: (c) => {
		const id = c.takeId()
		return c.run(LeadUpdateSchema, async (input) => {
			const lead = await updateLead(c.user, id, input)
			return c.done('Lead Updated', `${lead.name}'s lead is now ${LEAD_STATUS_LABELS[lead.status]}.`)
		})
	},
	openLead: (c) => {
		const id = c.takeId()
		return c.run(NoFields, async () => {
			const opened = await openLeadInMeasure(c.user, id)
			if (!opened.created) return redirect(opened.url)
			return redirectWithToast(opened.url, { title: 'Measurement Created', description: "The lead's lawn is saved as a measurement.", type: 'success' })
		})
	},
}

/** Runs the form's intent for this actor; an unknown intent goes back to the list. */
export async function handleIntent(request: Request, actor: Actor, formData: FormData): Promise<Reply> {
	const intent = String(formData.get('intent') ?? '') as Intent
	formData.delete('intent')
	const back = backUrl(request)
	const handler = Object.hasOwn(HANDLERS, intent) ? HANDLERS[intent] : null
	if (!handler) throw redirect(back)
	return handler({
		...actor,
		request,
		done: (title, description) => redirectWithToast(back, { title, description, type: 'success' }),
		run: async (schema, handle, hideFields) => {
			const submission = parseWithZod(formData, { schema })
			if (submission.status !== 'success') {
				return data<ActionData>({ intent, result: submission.reply({ hideFields }) }, { status: 400 })
			}
			try {
				return await handle(submission.value)
			} catch (error) {
				if (!(error instanceof HttpError)) throw error
				const failure = FAILURE_TOASTS[intent]
				return data<ActionData>(
					{
						intent,
						result: submission.reply({
							// the reason shows once: on its field when it has one, else on the form
							formErrors: error.fields ? undefined : [error.message],
							fieldErrors: error.fields ? Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k, [v]])) : undefined,
							hideFields,
						}),
						toast: { title: failure.title, description: error.message || failure.fallback },
					},
					{ status: error.status },
				)
			}
		},
		takeId: () => {
			const id = String(formData.get('id') ?? '')
			formData.delete('id')
			return id
		},
	})
}

/** Back to the list as it was (search, sort, page), dialogs closed. */
function backUrl(request: Request) {
	const url = new URL(request.url)
	for (const key of UI_PARAMS) url.searchParams.delete(key)
	url.searchParams.delete('index')
	const search = url.searchParams.toString()
	return `/dashboard${search ? `?${search}` : ''}`
}
