// Preferences: the user's own map type and unit, or the organization's default.
import { Form } from 'react-router'
import { Button } from '~/components/ui/button.tsx'
import { SelectField } from './select-field.tsx'
import { usePendingIntent } from '~/utils/forms.ts'
import { MAP_TYPES, UNITS, failureKey, useLoader, type TabProps } from './shared.ts'

const labelOf = (options: readonly (readonly [string, string])[], value: string | null | undefined) => options.find(([v]) => v === value)?.[1] ?? value ?? ''

export function PreferencesTab({ actionData }: TabProps) {
	const { user } = useLoader()
	const pending = usePendingIntent('preferences')
	const orgMap = user.organization?.defaultMapType ?? 'hybrid'
	const orgUnit = user.organization?.defaultUnit ?? 'sqft'
	return (
		<Form method="post" key={failureKey(actionData, 'preferences')} className="space-y-4">
			<p className="text-sm text-gray-600 dark:text-gray-400">Override your organization's defaults for yourself.</p>
			<SelectField
				id="preferred-map-type"
				label="Map type"
				name="preferredMapType"
				value={user.preferredMapType ?? 'default'}
				options={[['default', `Organization default (${labelOf(MAP_TYPES, orgMap)})`], ...MAP_TYPES]}
			/>
			<SelectField
				id="preferred-unit"
				label="Unit of measure"
				name="preferredUnit"
				value={user.preferredUnit ?? 'default'}
				options={[['default', `Organization default (${labelOf(UNITS, orgUnit)})`], ...UNITS]}
			/>
			<Button type="submit" name="intent" value="preferences" disabled={pending}>
				{pending ? 'Saving...' : 'Save Preferences'}
			</Button>
		</Form>
	)
}
