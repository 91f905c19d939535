// Communications: marketing e-mails, product updates, tips and tutorials.
import { Form } from 'react-router'
import { Button } from '~/components/ui/button.tsx'
import { usePendingIntent } from '~/utils/forms.ts'
import { failureKey, useLoader, type TabProps } from './shared.ts'

export function CommunicationsTab({ actionData }: TabProps) {
	const { user } = useLoader()
	const pending = usePendingIntent('communications')
	const toggles = [
		['marketingEmails', 'Marketing emails', 'News about products, offers and events.', user.marketingEmails],
		['productUpdates', 'Product updates', 'New features and improvements.', user.productUpdates],
		['tipsTutorials', 'Tips and tutorials', 'How to get more out of Yardstick.', user.tipsTutorials],
	] as const
	return (
		<Form method="post" key={failureKey(actionData, 'communications')} className="space-y-4">
			{toggles.map(([name, label, hint, checked]) => (
				<label key={name} className="flex items-start gap-3">
					<input type="checkbox" name={name} defaultChecked={checked} className="mt-1 h-4 w-4 rounded border-gray-300" />
					<span>
						<span className="block text-sm font-medium">{label}</span>
						<span className="block text-xs text-gray-500 dark:text-gray-400">{hint}</span>
					</span>
				</label>
			))}
			<Button type="submit" name="intent" value="communications" disabled={pending}>
				{pending ? 'Saving...' : 'Save Communication Preferences'}
			</Button>
		</Form>
	)
}
