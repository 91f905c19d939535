// Organization → Logo: what customers see on share links (/p/{token}) and in
// the quote widget. A multipart form posting to ?tab=organization (so a file
// over 5 MB is answered as this form's error), and a "Remove logo" button.
import { Form } from 'react-router'
import { Button } from '~/components/ui/button.tsx'
import { ErrorList } from '~/components/ui/field.tsx'
import { LOGO_HINT } from '~/lib/schemas/settings.ts'
import { initials } from '~/lib/names.ts'
import { resultFor, usePendingIntent } from '~/utils/forms.ts'
import { failureKey, useLoader, type TabProps } from './shared.ts'

export function OrganizationLogoSection({ actionData }: TabProps) {
	const { organization } = useLoader()
	const uploading = usePendingIntent('logo-upload')
	const removing = usePendingIntent('logo-remove')
	if (!organization) return null
	const result = resultFor(actionData, 'logo-upload')
	const errors = [...(result?.error?.logo ?? []), ...(result?.error?.[''] ?? [])]
	return (
		<section aria-labelledby="org-logo-heading" className="space-y-3 border-t border-gray-200 pt-6 dark:border-gray-800">
			<h3 id="org-logo-heading" className="text-lg font-semibold">
				Logo
			</h3>
			<p className="text-sm text-gray-600 dark:text-gray-400">Shown to your customers on share links and in the quote widget. It is scaled to fit 400×160 pixels.</p>
			<div className="flex items-center gap-4">
				{organization.logoUrl ? (
					<img src={organization.logoUrl} alt={`${organization.name} logo`} className="max-h-16 max-w-48 object-contain" />
				) : (
					<span aria-hidden="true" className="flex h-12 w-12 shrink-0 items-center justify-center rounded-lg bg-brand-700 text-lg font-bold text-white">
						{initials(organization.name)}
					</span>
				)}
				{organization.logoUrl ? (
					<Form method="post" action="/settings?tab=organization">
						<Button type="submit" variant="secondary" name="intent" value="logo-remove" disabled={removing}>
							{removing ? 'Removing...' : 'Remove logo'}
						</Button>
					</Form>
				) : null}
			</div>
			<Form method="post" action="/settings?tab=organization" encType="multipart/form-data" key={failureKey(actionData, 'logo-upload')} className="space-y-2">
				<label htmlFor="org-logo" className="block text-sm font-medium">
					{organization.logoUrl ? 'Replace logo' : 'Upload a logo'}
				</label>
				<input id="org-logo" name="logo" type="file" accept="image/jpeg,image/png,image/gif,image/webp" aria-describedby="org-logo-hint" className="block w-full text-sm" />
				<p id="org-logo-hint" className="text-xs text-gray-500 dark:text-gray-400">
					{LOGO_HINT}
				</p>
				<ErrorList errors={errors} />
				<Button type="submit" name="intent" value="logo-upload" disabled={uploading}>
					{uploading ? 'Uploading...' : 'Upload Logo'}
				</Button>
			</Form>
		</section>
	)
}
