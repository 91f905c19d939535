// The dashboard's "Share with customer" dialog (issue 19): the current link
// (expiry, views, acceptance, Revoke) and the form that makes a new one with
// the services to quote, tax rate, notes, expiry and the contact shown to the
// customer. A URL state (?dialog=share&id=…) posting to the dashboard's action,
// so it works without JavaScript; the new link is shown once, in the reply.
import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { useState } from 'react'
import { Form, Link, useNavigation } from 'react-router'
import { Button } from '~/components/ui/button.tsx'
import { Dialog } from '~/components/ui/dialog.tsx'
import { ErrorList, Field, inputClass } from '~/components/ui/field.tsx'
import { formatUnitPrice, PRICE_UNIT_LABELS, type PriceUnit } from '~/lib/estimate.ts'
import { surfaceNote } from '~/lib/surfaces.ts'
import { SHARE_DEFAULT_DAYS, SHARE_MAX_DAYS, ShareFormSchema } from '~/lib/schemas/share.ts'
import type { ShareDialogData, ShareSummary } from '~/services/share.server.ts'
import { dateTimeUtc, shortDate } from '~/lib/dates.ts'

export type ShareCreated = { url: string; expiresAt: string }

/** "Accepted by …" and the link's views, for a measurement's row. */
export function ShareStatusLine({ summary }: { summary: ShareSummary | undefined }) {
	if (!summary) return null
	const { link, accepted } = summary
	return (
		<p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs">
			{accepted ? (
				<span className="inline-flex items-center rounded-full bg-green-100 px-2 py-0.5 font-medium text-green-800 dark:bg-green-900 dark:text-green-100">
					{`Accepted by ${accepted.name} on ${shortDate(accepted.acceptedAt)}`}
				</span>
			) : null}
			{link?.active ? (
				<span className="text-gray-600 dark:text-gray-400">
					{`Shared · ${link.viewCount === 1 ? '1 view' : `${link.viewCount} views`}${link.lastViewedAt ? ` · last viewed ${shortDate(link.lastViewedAt)}` : ''}`}
				</span>
			) : null}
		</p>
	)
}

export function ShareDialog({
	data,
	close,
	result,
	created,
}: {
	data: ShareDialogData | null
	close: string
	result?: SubmissionResult<string[]>
	created?: ShareCreated
}) {
	const name = data ? data.measurement.label || data.measurement.address || 'measurement' : ''
	return (
		<Dialog title={data ? `Share ${name} with customer` : 'Measurement not found'} closeTo={close} size="2xl">
			{data ? (
				<div className="space-y-5">
					{created ? <CreatedLink created={created} /> : null}
					<LinkStatus status={data.status} id={data.measurement.id} />
					<ShareForm data={data} result={created ? undefined : result} hasActive={Boolean(data.status.link?.active)} />
				</div>
			) : null}
		</Dialog>
	)
}

function CreatedLink({ created }: { created: ShareCreated }) {
	const [copied, setCopied] = useState(false)
	return (
		<section role="status" className="space-y-2 rounded-lg border border-green-300 bg-green-50 p-3 dark:border-green-800 dark:bg-green-950">
			<p className="font-medium text-green-900 dark:text-green-100">Share link created</p>
			<label className="block text-sm">
				<span className="sr-only">Share link</span>
				<input readOnly value={created.url} aria-label="Share link" className={inputClass} onFocus={(e) => e.currentTarget.select()} />
			</label>
			<div className="flex flex-wrap items-center gap-3 text-sm">
				<Button
					type="button"
					variant="secondary"
					className="px-3 py-1"
					onClick={() => {
						void navigator.clipboard?.writeText(created.url).then(() => setCopied(true), () => setCopied(false))
					}}
				>
					{copied ? 'Copied' : 'Copy link'}
				</Button>
				<span className="text-gray-700 dark:text-gray-300">{`Valid until ${shortDate(created.expiresAt)}. Copy it now: for security it is shown only once.`}</span>
			</div>
		</section>
	)
}

function LinkStatus({ status, id }: { status: ShareSummary; id: string }) {
	const navigation = useNavigation()
	const revoking = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'revokeShare'
	const { link, accepted } = status
	return (
		<section aria-label="Current link" className="space-y-2 text-sm">
			{accepted ? (
				<p className="rounded-md bg-green-100 px-3 py-2 text-green-900 dark:bg-green-900 dark:text-green-100">
					{`Accepted by ${accepted.name} on ${shortDate(accepted.acceptedAt)}`}
					<span className="block text-xs">{[accepted.email, accepted.phone, accepted.total ? `Total ${accepted.total}` : null].filter(Boolean).join(' · ')}</span>
					{accepted.message ? <span className="mt-1 block whitespace-pre-line text-xs">{`“${accepted.message}”`}</span> : null}
				</p>
			) : null}
			{link ? (
				<div className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-gray-200 px-3 py-2 dark:border-gray-700">
					<dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
						<dt className="text-gray-600 dark:text-gray-400">Link</dt>
						<dd>{link.active ? `Active until ${shortDate(link.expiresAt)}` : link.revokedAt ? `Revoked ${shortDate(link.revokedAt)}` : `Expired ${shortDate(link.expiresAt)}`}</dd>
						<dt className="text-gray-600 dark:text-gray-400">Views</dt>
						<dd>{String(link.viewCount)}</dd>
						<dt className="text-gray-600 dark:text-gray-400">First viewed</dt>
						<dd>{link.firstViewedAt ? dateTimeUtc(link.firstViewedAt) : 'Not yet'}</dd>
						<dt className="text-gray-600 dark:text-gray-400">Last viewed</dt>
						<dd>{link.lastViewedAt ? dateTimeUtc(link.lastViewedAt) : 'Not yet'}</dd>
					</dl>
					{link.active ? (
						<Form method="post" preventScrollReset>
							<input type="hidden" name="intent" value="revokeShare" />
							<input type="hidden" name="id" value={id} />
							<Button type="submit" variant="destructive" className="px-3 py-1" disabled={revoking}>
								{revoking ? 'Revoking...' : 'Revoke link'}
							</Button>
						</Form>
					) : null}
				</div>
			) : (
				<p className="text-gray-600 dark:text-gray-400">Not shared yet. The customer opens the link without an account and can accept the estimate.</p>
			)}
		</section>
	)
}

function ShareForm({ data, result, hasActive }: { data: ShareDialogData; result?: SubmissionResult<string[]>; hasActive: boolean }) {
	const navigation = useNavigation()
	const sending = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'share'
	const [form, fields] = useForm({
		id: `share-${data.measurement.id}`,
		lastResult: result,
		defaultValue: { expiresInDays: String(SHARE_DEFAULT_DAYS), contactName: data.defaultContactName },
		constraint: getZodConstraint(ShareFormSchema),
		onValidate: ({ formData }) => {
			formData.delete('intent')
			formData.delete('id')
			return parseWithZod(formData, { schema: ShareFormSchema })
		},
		shouldValidate: 'onBlur',
	})
	return (
		<Form method="post" preventScrollReset className="space-y-4" {...getFormProps(form)}>
			<input type="hidden" name="intent" value="share" />
			<input type="hidden" name="id" value={data.measurement.id} />
			<fieldset>
				<legend className="text-sm font-medium">Services to quote</legend>
				{data.services.length ? (
					<div className="mt-1 space-y-1">
						{data.services.map((s) => (
							<label key={s.id} className="flex items-center gap-2 text-sm">
								<input type="checkbox" name={fields.services.name} value={s.id} />
								<span>
									{s.name}{' '}
									<span className="text-gray-600 dark:text-gray-400">{`${formatUnitPrice(s.unitPrice)} ${PRICE_UNIT_LABELS[s.unit as PriceUnit] ?? ''}${surfaceNote(s.surface)}`}</span>
								</span>
							</label>
						))}
					</div>
				) : (
					<p className="mt-1 text-sm text-gray-600 dark:text-gray-400">
						Your price list is empty: the link shows the measurements only. Account admins add services under{' '}
						<Link to="/settings?tab=organization" className="underline">
							Settings → Organization
						</Link>
						.
					</p>
				)}
				<ErrorList id={fields.services.errorId} errors={fields.services.errors} />
			</fieldset>
			<div className="grid gap-4 sm:grid-cols-2">
				<Field label="Tax rate (%)" inputProps={{ ...getInputProps(fields.taxRate, { type: 'text' }), inputMode: 'decimal', placeholder: '0' }} errors={fields.taxRate.errors} />
				<Field
					label="Link expires after (days)"
					inputProps={{ ...getInputProps(fields.expiresInDays, { type: 'number' }), min: 1, max: SHARE_MAX_DAYS }}
					errors={fields.expiresInDays.errors}
				/>
			</div>
			<div className="space-y-1">
				<label htmlFor={fields.notes.id} className="block text-sm font-medium">
					Notes for the customer
				</label>
				<textarea {...getTextareaProps(fields.notes)} rows={3} className={inputClass} />
				<ErrorList id={fields.notes.errorId} errors={fields.notes.errors} />
			</div>
			<fieldset className="grid gap-4 sm:grid-cols-3">
				<legend className="mb-1 text-sm font-medium">Contact shown to the customer</legend>
				<Field label="Contact name" inputProps={{ ...getInputProps(fields.contactName, { type: 'text' }) }} errors={fields.contactName.errors} />
				<Field label="Contact phone" inputProps={{ ...getInputProps(fields.contactPhone, { type: 'tel' }) }} errors={fields.contactPhone.errors} />
				<Field label="Contact email" inputProps={{ ...getInputProps(fields.contactEmail, { type: 'email' }) }} errors={fields.contactEmail.errors} />
			</fieldset>
			<ErrorList id={form.errorId} errors={form.errors} />
			<div className="flex flex-wrap items-center gap-3">
				<Button type="submit" disabled={sending}>
					{sending ? 'Creating...' : hasActive ? 'Create new link' : 'Create share link'}
				</Button>
				{hasActive ? <span className="text-xs text-gray-600 dark:text-gray-400">A new link replaces the current one, which stops working.</span> : null}
			</div>
		</Form>
	)
}
