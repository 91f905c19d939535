// Appearance: the theme (light, dark, system).
import { Form } from 'react-router'
import { Button } from '~/components/ui/button.tsx'
import { usePendingIntent } from '~/utils/forms.ts'
import { failureKey, useLoader, type TabProps } from './shared.ts'

export function AppearanceTab({ actionData }: TabProps) {
	const { user } = useLoader()
	const pending = usePendingIntent('theme')
	return (
		<Form method="post" key={failureKey(actionData, 'theme')} className="space-y-4">
			<fieldset>
				<legend className="text-sm font-medium">Theme</legend>
				<div className="mt-2 flex gap-4">
					{(['light', 'dark', 'system'] as const).map((t) => (
						<label key={t} className="flex items-center gap-2 text-sm">
							<input type="radio" name="themePreference" value={t} defaultChecked={user.themePreference === t} />
							{t === 'light' ? 'Light' : t === 'dark' ? 'Dark' : 'System'}
						</label>
					))}
				</div>
			</fieldset>
			<Button type="submit" name="intent" value="theme" disabled={pending}>
				{pending ? 'Saving...' : 'Save Theme'}
			</Button>
		</Form>
	)
}
