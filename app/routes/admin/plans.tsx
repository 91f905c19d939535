// Subscription Plans (spec 3 §5): the plans as cards, edited in place;
// create and delete.
import { Form } from 'react-router'
import { Badge } from '~/components/ui/badge.tsx'
import { ErrorList } from '~/components/ui/field.tsx'
import { SubmitRow } from '~/components/ui/submit-row.tsx'
import { formatLimit, formatMaxUsers } from '~/lib/admin.ts'
import type { AdminTier } from '~/services/admin/plans.server.ts'
import { Checkbox, ConfirmDialog, FormDialog, FormError, Hidden, RowLink, TextField, Toolbar, cardClass, href, replyFor, type AdminActionData, type SectionProps } from './ui.tsx'

const FEATURE_LABELS: Record<string, string> = {
	ai_predictions: 'AI predictions',
	advanced_analytics: 'Advanced analytics',
	team_collaboration: 'Team collaboration',
	priority_support: 'Priority support',
	custom_reports: 'Custom reports',
	api_access: 'API access',
	data_export: 'Data export',
	whitelabel: 'White label',
}

function TierFields({ tier, reply, featureKeys, idPrefix }: { tier?: AdminTier; reply: AdminActionData | null; featureKeys: string[]; idPrefix: string }) {
	const typedFeatures = reply?.values?.features
	const checked = (f: string) => (Array.isArray(typedFeatures) ? typedFeatures.includes(f) : (tier?.features.includes(f) ?? false))
	return (
		<>
			<TextField idPrefix={idPrefix} label="Name" name="name" required defaultValue={tier?.name} reply={reply} />
			<TextField idPrefix={idPrefix} label="Description" name="description" defaultValue={tier?.description} reply={reply} />
			<div className="grid gap-3 sm:grid-cols-2">
				<TextField idPrefix={idPrefix} label="Monthly price ($)" name="monthlyPrice" inputMode="decimal" defaultValue={tier?.monthlyPrice ?? '0'} reply={reply} />
				<TextField idPrefix={idPrefix} label="Max users" name="maxUsers" inputMode="numeric" defaultValue={tier ? (tier.maxUsers ?? '') : '1'} hint="Empty or 999+ = unlimited" reply={reply} />
				<TextField idPrefix={idPrefix} label="Searches per month" name="searchesPerMonth" inputMode="numeric" defaultValue={tier?.searchesPerMonth ?? ''} hint="Empty = unlimited" reply={reply} />
				<TextField idPrefix={idPrefix} label="Reports per month" name="reportsPerMonth" inputMode="numeric" defaultValue={tier?.reportsPerMonth ?? ''} hint="Empty = unlimited" reply={reply} />
			</div>
			<fieldset className="grid gap-2 sm:grid-cols-2">
				<legend className="mb-1 text-sm font-medium">Features</legend>
				{featureKeys.map((f) => (
					<Checkbox key={`${f}-${reply?.at ?? 0}`} label={FEATURE_LABELS[f] ?? f} name="features" value={f} defaultChecked={checked(f)} />
				))}
			</fieldset>
			<ErrorList errors={reply?.fields?.features ? [reply.fields.features] : null} />
		</>
	)
}

export function PlansSection({ data, actionData }: SectionProps) {
	if (data.tab !== 'plans' || !('featureKeys' in data)) return null
	const p = data.params
	const close = href('plans')
	const target = p.id ? data.tiers.find((t) => t.id === p.id) : undefined
	const createReply = replyFor(actionData, 'plan-create')
	return (
		<div>
			<Toolbar summary={`${data.tiers.length} plans`} addTo={href('plans', { new: 1 })} addLabel="Create Plan" />
			<ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
				{data.tiers.map((t) =>
					p.edit === t.id ? (
						<li key={t.id} className={cardClass}>
							<Form method="post" className="space-y-3" aria-label={`Edit ${t.name}`}>
								<Hidden intent="plan-update" id={t.id} />
								<p className="text-sm">
									<span className="font-medium">Plan id:</span> <code>{t.id}</code> <span className="text-gray-500">(cannot change)</span>
								</p>
								<FormError reply={replyFor(actionData, 'plan-update', t.id)} />
								<TierFields tier={t} reply={replyFor(actionData, 'plan-update', t.id)} featureKeys={data.featureKeys} idPrefix={`edit-${t.id}`} />
								<SubmitRow closeTo={close} label="Save Plan" />
							</Form>
						</li>
					) : (
						<li key={t.id} className={cardClass} aria-label={t.name}>
							<div className="flex items-start justify-between gap-2">
								<div>
									<h3 className="text-lg font-semibold">{t.name}</h3>
									<code className="text-xs text-gray-500">{t.id}</code>
								</div>
								<p className="text-lg font-bold">
									${t.monthlyPrice}
									<span className="text-sm font-normal text-gray-500">/mo</span>
								</p>
							</div>
							{t.description ? <p className="mt-2 text-sm text-gray-700 dark:text-gray-300">{t.description}</p> : null}
							<dl className="mt-3 grid grid-cols-3 gap-2 text-sm">
								<div>
									<dt className="text-gray-500">Searches</dt>
									<dd>{formatLimit(t.searchesPerMonth)}</dd>
								</div>
								<div>
									<dt className="text-gray-500">Reports</dt>
									<dd>{formatLimit(t.reportsPerMonth)}</dd>
								</div>
								<div>
									<dt className="text-gray-500">Max users</dt>
									<dd>{formatMaxUsers(t.maxUsers)}</dd>
								</div>
							</dl>
							{t.features.length ? (
								<ul className="mt-3 flex flex-wrap gap-1">
									{t.features.map((f) => (
										<li key={f}>
											<Badge tone="blue">{FEATURE_LABELS[f] ?? f}</Badge>
										</li>
									))}
								</ul>
							) : null}
							<div className="mt-2 flex gap-1">
								{!t.isActive ? <Badge tone="red">Inactive</Badge> : null}
								{!t.isAvailable ? <Badge>Not offered</Badge> : null}
							</div>
							<div className="mt-4 flex justify-end gap-2">
								<RowLink to={href('plans', { edit: t.id })} label={`Edit ${t.name}`}>
									Edit
								</RowLink>
								<RowLink to={href('plans', { confirm: 'delete', id: t.id })} label={`Delete ${t.name}`} variant="destructive">
									Delete
								</RowLink>
							</div>
						</li>
					),
				)}
			</ul>
			{p.new ? (
				<FormDialog title="Create Plan" closeTo={close} size="2xl" intent="plan-create" reply={createReply} submitLabel="Create Plan">
					<TextField idPrefix="new-plan" label="Plan id" name="id" required hint="Lowercase letters, digits and dashes; cannot change later" reply={createReply} />
					<TierFields reply={createReply} featureKeys={data.featureKeys} idPrefix="new-plan" />
				</FormDialog>
			) : null}
			{target && p.confirm === 'delete' ? (
				<ConfirmDialog
					title="Delete Plan"
					message={`Delete the plan ${target.name} (${target.id})? Plans that organizations use cannot be deleted.`}
					closeTo={close}
					intent="plan-delete"
					id={target.id}
					confirmLabel="Delete"
					reply={replyFor(actionData, 'plan-delete', target.id)}
				/>
			) : null}
		</div>
	)
}
