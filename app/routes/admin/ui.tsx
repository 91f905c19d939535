// Small building blocks of the admin panel's sections. Dialogs and
// confirmations are server-rendered from the URL (?edit=, ?confirm=), so they
// work without JavaScript; Cancel is a link back to the section.
import { useState, type ComponentProps, type ReactNode } from 'react'
import { Form, Link } from 'react-router'
import { Button, ButtonLink, buttonClass } from '~/components/ui/button.tsx'
import { Dialog, type DialogSize } from '~/components/ui/dialog.tsx'
import { ErrorList, inputClass } from '~/components/ui/field.tsx'
import { SubmitRow } from '~/components/ui/submit-row.tsx'
import type { AdminSection } from '~/lib/admin.ts'
import { fullName as personName } from '~/lib/names.ts'
import { cn } from '~/utils/cn.ts'
import type { AdminLoaderData } from './route.tsx'
import { dateTimeUtc, shortDate } from '~/lib/dates.ts'

/** What every section gets: the loader's data (allowed) and the action's reply. */
export type AdminData = Extract<AdminLoaderData, { allowed: true }>
export type SectionProps = { data: AdminData; actionData: AdminActionData | null }

/** A link to a section, with its dialog or filter parameters. */
export const href = (tab: AdminSection, params: Record<string, string | number | undefined> = {}) => {
	const search = new URLSearchParams({ tab })
	for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') search.set(k, String(v))
	return `/admin?${search}`
}

export type AdminActionData = {
	intent: string
	id?: string
	error: string
	toast?: string
	fields?: Record<string, string> | null
	values?: Record<string, string | string[]>
	at: number
}

/** The action's reply when it belongs to this form (same intent, and same row for row forms). */
export function replyFor(actionData: AdminActionData | null, intent: string, id?: string) {
	if (!actionData || actionData.intent !== intent) return null
	if (id !== undefined && actionData.id !== id) return null
	return actionData
}

export function FormError({ reply }: { reply: AdminActionData | null }) {
	if (!reply) return null
	return (
		<p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
			{reply.toast ? <strong className="block">{reply.toast}</strong> : null}
			{reply.error}
		</p>
	)
}

type FieldProps = {
	label: ReactNode
	name: string
	reply: AdminActionData | null
	defaultValue?: string | number | null
	hint?: ReactNode
	idPrefix: string
} & Omit<ComponentProps<'input'>, 'name' | 'defaultValue' | 'id'>

/** A labelled input; after a refused post it shows what was typed and the field's error. */
export function TextField({ label, name, reply, defaultValue, hint, idPrefix, className, ...rest }: FieldProps) {
	const id = `${idPrefix}-${name}`
	const error = reply?.fields?.[name]
	const typed = reply?.values?.[name]
	const value = typeof typed === 'string' ? typed : (defaultValue ?? '')
	return (
		<div className={cn('space-y-1', className)}>
			<label htmlFor={id} className="block text-sm font-medium text-gray-800 dark:text-gray-200">
				{label}
			</label>
			<input
				id={id}
				name={name}
				defaultValue={value}
				key={`${id}-${reply?.at ?? 0}`}
				aria-invalid={error ? true : undefined}
				aria-describedby={error ? `${id}-error` : undefined}
				className={inputClass}
				{...rest}
			/>
			{hint ? <p className="text-xs text-gray-500 dark:text-gray-400">{hint}</p> : null}
			<ErrorList id={`${id}-error`} errors={error ? [error] : null} />
		</div>
	)
}

export function SelectField({
	label,
	name,
	reply,
	defaultValue,
	idPrefix,
	options,
	className,
}: {
	label: ReactNode
	name: string
	reply: AdminActionData | null
	defaultValue?: string | null
	idPrefix: string
	options: readonly (readonly [string, string])[]
	className?: string
}) {
	const id = `${idPrefix}-${name}`
	const error = reply?.fields?.[name]
	const typed = reply?.values?.[name]
	return (
		<div className={cn('space-y-1', className)}>
			<label htmlFor={id} className="block text-sm font-medium text-gray-800 dark:text-gray-200">
				{label}
			</label>
			<select
				id={id}
				name={name}
				key={`${id}-${reply?.at ?? 0}`}
				defaultValue={typeof typed === 'string' ? typed : (defaultValue ?? '')}
				aria-invalid={error ? true : undefined}
				aria-describedby={error ? `${id}-error` : undefined}
				className={inputClass}
			>
				{options.map(([value, text]) => (
					<option key={value} value={value}>
						{text}
					</option>
				))}
			</select>
			<ErrorList id={`${id}-error`} errors={error ? [error] : null} />
		</div>
	)
}

export function Checkbox({ label, name, defaultChecked, value = 'on' }: { label: ReactNode; name: string; defaultChecked?: boolean; value?: string }) {
	return (
		<label className="flex items-center gap-2 text-sm text-gray-800 dark:text-gray-200">
			<input type="checkbox" name={name} value={value} defaultChecked={defaultChecked} className="h-4 w-4 rounded border-gray-300" />
			{label}
		</label>
	)
}

/** "Are you sure?" for deletes, deactivation, reactivation and masquerade (spec 3 §4). */
export function ConfirmDialog({
	title,
	message,
	closeTo,
	intent,
	id,
	confirmLabel,
	action,
	reloadDocument,
	extra,
	reply,
	destructive = true,
	pendingText,
}: {
	title: string
	message: ReactNode
	closeTo: string
	intent?: string
	id: string
	confirmLabel: string
	action?: string
	reloadDocument?: boolean
	extra?: Record<string, string>
	reply?: AdminActionData | null
	destructive?: boolean
	/** shown once the form is sent (a full-page post has no navigation state) */
	pendingText?: string
}) {
	const [sent, setSent] = useState(false)
	return (
		<Dialog title={title} closeTo={closeTo}>
			<div className="space-y-4">
				<div className="text-sm text-gray-700 dark:text-gray-300">{message}</div>
				<FormError reply={reply ?? null} />
				{sent && pendingText ? (
					<p role="status" className="text-sm font-medium">
						{pendingText}
					</p>
				) : null}
				<Form method="post" action={action} reloadDocument={reloadDocument} onSubmit={() => setSent(true)} className="flex justify-end gap-2">
					{intent ? <input type="hidden" name="intent" value={intent} /> : null}
					<input type="hidden" name="id" value={id} />
					{Object.entries(extra ?? {}).map(([k, v]) => (
						<input key={k} type="hidden" name={k} value={v} />
					))}
					<Link to={closeTo} preventScrollReset className={buttonClass('secondary')}>
						Cancel
					</Link>
					<Button type="submit" variant={destructive ? 'destructive' : 'primary'}>
						{confirmLabel}
					</Button>
				</Form>
			</div>
		</Dialog>
	)
}

export const formatDate = (iso: string | null) => (iso ? shortDate(iso) : '—')
export const formatDateTime = (iso: string | null) => (iso ? dateTimeUtc(iso) : 'Never')

/** A person's name, or a dash when there is none. */
export const fullName = (u: { firstName: string | null; lastName: string | null }) => personName(u) || '—'

export function Th({ children, className }: { children?: ReactNode; className?: string }) {
	return <th className={cn('px-3 py-2 text-left text-xs font-semibold tracking-wide text-gray-600 uppercase dark:text-gray-400', className)}>{children}</th>
}
export function Td({ children, className }: { children?: ReactNode; className?: string }) {
	return <td className={cn('px-3 py-2 align-top text-sm', className)}>{children}</td>
}
export const tableClass = 'min-w-full divide-y divide-gray-200 dark:divide-gray-700'
export const cardClass = 'rounded-lg border border-gray-200 bg-white p-4 shadow-sm dark:border-gray-700 dark:bg-gray-900'

/** Above a section's list: a summary line (or filters) and the button that opens its create dialog. */
export function Toolbar({ summary, children, addTo, addLabel }: { summary?: ReactNode; children?: ReactNode; addTo: string; addLabel: string }) {
	return (
		<div className="mb-4 flex flex-wrap items-end justify-between gap-3">
			{summary !== undefined ? <p className="text-sm text-gray-600 dark:text-gray-400">{summary}</p> : children}
			<ButtonLink to={addTo} preventScrollReset>
				{addLabel}
			</ButtonLink>
		</div>
	)
}

/** A section's table: the given column headings, then Actions on the right. */
export function Table({ columns, children }: { columns: string[]; children: ReactNode }) {
	return (
		<div className="overflow-x-auto">
			<table className={tableClass}>
				<thead>
					<tr>
						{columns.map((c) => (
							<Th key={c}>{c}</Th>
						))}
						<Th className="text-right">Actions</Th>
					</tr>
				</thead>
				<tbody className="divide-y divide-gray-100 dark:divide-gray-800">{children}</tbody>
			</table>
		</div>
	)
}

/** A row's Edit, Delete, … : a link that opens the row's dialog (?edit=, ?confirm=). */
export function RowLink({ to, label, variant = 'secondary', children }: { to: string; label: string; variant?: 'secondary' | 'destructive'; children: ReactNode }) {
	return (
		<Link className={buttonClass(variant, 'px-2 py-1')} to={to} preventScrollReset aria-label={label}>
			{children}
		</Link>
	)
}

/** A create or edit dialog: its form posts the intent (and row id) to the action, shows a refusal, and ends with Cancel and the submit button. */
export function FormDialog({
	title,
	closeTo,
	size,
	intent,
	id,
	checkboxes,
	reply,
	submitLabel,
	children,
}: {
	title: string
	closeTo: string
	size?: DialogSize
	intent: string
	id?: string
	checkboxes?: readonly string[]
	reply: AdminActionData | null
	submitLabel: string
	children: ReactNode
}) {
	return (
		<Dialog title={title} closeTo={closeTo} size={size}>
			<Form method="post" className="space-y-3">
				<Hidden intent={intent} id={id} checkboxes={checkboxes} />
				<FormError reply={reply} />
				{children}
				<SubmitRow closeTo={closeTo} label={submitLabel} />
			</Form>
		</Dialog>
	)
}

/** The form's intent, row id and the list of its checkboxes (unticked boxes send nothing). */
export function Hidden({ intent, id, checkboxes }: { intent: string; id?: string; checkboxes?: readonly string[] }) {
	return (
		<>
			<input type="hidden" name="intent" value={intent} />
			{id ? <input type="hidden" name="id" value={id} /> : null}
			{checkboxes?.length ? <input type="hidden" name="_checkboxes" value={checkboxes.join(',')} /> : null}
		</>
	)
}

export const EmptyRow = ({ cols, text }: { cols: number; text: string }) => (
	<tr>
		<td colSpan={cols} className="px-3 py-8 text-center text-sm text-gray-500">
			{text}
		</td>
	</tr>
)
