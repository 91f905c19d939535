// Coupons (spec 3 §6): the coupon table, create, edit and delete.
import { Form } from 'react-router'
import { Dialog } from '~/components/ui/dialog.tsx'
import { SubmitRow } from '~/components/ui/submit-row.tsx'
import { formatDiscount, formatUses } from '~/lib/admin.ts'
import { Checkbox, ConfirmDialog, EmptyRow, FormDialog, FormError, Hidden, RowLink, SelectField, Table, Td, TextField, Toolbar, formatDate, href, replyFor, type SectionProps } from './ui.tsx'

export function CouponsSection({ data, actionData }: SectionProps) {
	if (data.tab !== 'coupons' || !('coupons' in data)) return null
	const p = data.params
	const close = href('coupons')
	const target = p.id ? data.coupons.find((c) => c.id === p.id) : undefined
	const editing = p.edit ? data.coupons.find((c) => c.id === p.edit) : undefined
	const reply = replyFor(actionData, 'coupon-create')
	const editReply = editing ? replyFor(actionData, 'coupon-update', editing.id) : null
	return (
		<div>
			<Toolbar summary={`${data.coupons.length} coupons`} addTo={href('coupons', { new: 1 })} addLabel="Create Coupon" />
			<Table columns={['Code', 'Name', 'Discount', 'Uses', 'Valid until']}>
				{data.coupons.length === 0 ? <EmptyRow cols={6} text="No coupons yet" /> : null}
				{data.coupons.map((c) => (
					<tr key={c.id}>
						<Td className="font-mono font-medium">{c.code}</Td>
						<Td>
							{c.name}
							{c.description ? <div className="text-xs text-gray-500">{c.description}</div> : null}
						</Td>
						<Td>{formatDiscount(c.discountType, c.discountValue, c.freeSubscriptionTierId)}</Td>
						<Td>{formatUses(c.usedCount, c.maxUses)}</Td>
						<Td>{c.validUntil ? formatDate(c.validUntil) : 'No expiry'}</Td>
						<Td className="space-x-2 text-right whitespace-nowrap">
							<RowLink to={href('coupons', { edit: c.id })} label={`Edit ${c.code}`}>
								Edit
							</RowLink>
							<RowLink to={href('coupons', { confirm: 'delete', id: c.id })} label={`Delete ${c.code}`} variant="destructive">
								Delete
							</RowLink>
						</Td>
					</tr>
				))}
			</Table>
			{p.new ? (
				<FormDialog title="Create Coupon" closeTo={close} intent="coupon-create" reply={reply} submitLabel="Create Coupon">
					<div className="grid gap-3 sm:grid-cols-2">
						<TextField idPrefix="new-coupon" label="Code" name="code" required reply={reply} />
						<TextField idPrefix="new-coupon" label="Name" name="name" required reply={reply} />
					</div>
					<TextField idPrefix="new-coupon" label="Description" name="description" reply={reply} />
					<div className="grid gap-3 sm:grid-cols-2">
						<SelectField
							idPrefix="new-coupon"
							label="Discount type"
							name="discountType"
							defaultValue="percentage"
							options={[
								['percentage', 'Percentage'],
								['fixed_amount', 'Fixed amount ($)'],
								['free_tier', 'Free plan'],
							]}
							reply={reply}
						/>
						<TextField idPrefix="new-coupon" label="Discount value" name="discountValue" inputMode="decimal" reply={reply} />
					</div>
					<SelectField
						idPrefix="new-coupon"
						label="Free plan (for free plan coupons)"
						name="freeSubscriptionTierId"
						options={[['', '—'] as const, ...data.tiers.map((t) => [t.id, t.name] as const)]}
						reply={reply}
					/>
					<div className="grid gap-3 sm:grid-cols-2">
						<TextField idPrefix="new-coupon" label="Max uses" name="maxUses" inputMode="numeric" hint="Empty = unlimited" reply={reply} />
						<TextField idPrefix="new-coupon" label="Valid until" name="validUntil" type="date" hint="Empty = no expiry" reply={reply} />
					</div>
				</FormDialog>
			) : null}
			{editing ? (
				<Dialog title={`Edit Coupon ${editing.code}`} closeTo={close}>
					<Form method="post" className="space-y-3">
						<Hidden intent="coupon-update" id={editing.id} checkboxes={['isActive']} />
						<FormError reply={editReply} />
						<p className="text-sm text-gray-600 dark:text-gray-400">The code cannot change (invoices keep it). Used {formatUses(editing.usedCount, editing.maxUses)}.</p>
						<TextField idPrefix="edit-coupon" label="Name" name="name" required defaultValue={editing.name} reply={editReply} />
						<TextField idPrefix="edit-coupon" label="Description" name="description" defaultValue={editing.description ?? ''} reply={editReply} />
						<div className="grid gap-3 sm:grid-cols-2">
							<SelectField
								idPrefix="edit-coupon"
								label="Discount type"
								name="discountType"
								defaultValue={editing.discountType}
								options={[
									['percentage', 'Percentage'],
									['fixed_amount', 'Fixed amount ($)'],
									['free_tier', 'Free plan'],
								]}
								reply={editReply}
							/>
							<TextField idPrefix="edit-coupon" label="Discount value" name="discountValue" inputMode="decimal" defaultValue={editing.discountValue} reply={editReply} />
						</div>
						<SelectField
							idPrefix="edit-coupon"
							label="Free plan (for free plan coupons)"
							name="freeSubscriptionTierId"
							defaultValue={editing.freeSubscriptionTierId ?? ''}
							options={[['', '—'] as const, ...data.tiers.map((t) => [t.id, t.name] as const)]}
							reply={editReply}
						/>
						<div className="grid gap-3 sm:grid-cols-2">
							<TextField idPrefix="edit-coupon" label="Max uses" name="maxUses" inputMode="numeric" hint="Empty = unlimited" defaultValue={editing.maxUses?.toString() ?? ''} reply={editReply} />
							<TextField idPrefix="edit-coupon" label="Valid until" name="validUntil" type="date" hint="Empty = no expiry" defaultValue={editing.validUntil?.slice(0, 10) ?? ''} reply={editReply} />
						</div>
						<Checkbox label="Active" name="isActive" defaultChecked={editing.isActive} />
						<SubmitRow closeTo={close} label="Save Changes" />
					</Form>
				</Dialog>
			) : null}
			{target && p.confirm === 'delete' ? (
				<ConfirmDialog
					title="Delete Coupon"
					message={`Delete the coupon ${target.code}? Invoices keep the code they were issued with.`}
					closeTo={close}
					intent="coupon-delete"
					id={target.id}
					confirmLabel="Delete"
					reply={replyFor(actionData, 'coupon-delete', target.id)}
				/>
			) : null}
		</div>
	)
}
