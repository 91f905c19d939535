// Organization (account and site admins): the defaults for everyone, the
// logo, AI training and the price list.
import { Form } from 'react-router'
import { Button } from '~/components/ui/button.tsx'
import { AiTrainingForm } from './ai-training.tsx'
import { OrganizationLogoSection } from './organization-logo.tsx'
import { PriceListSection } from './price-list.tsx'
import { SelectField } from './select-field.tsx'
import { usePendingIntent } from '~/utils/forms.ts'
import { MAP_TYPES, UNITS, failureKey, useLoader, type TabProps } from './shared.ts'

export function OrganizationTab({ actionData }: TabProps) {
	const { organization } = useLoader()
	const pending = usePendingIntent('organization')
	if (!organization) return <p className="text-sm text-gray-600 dark:text-gray-400">You are not part of an organization.</p>
	return (
		<>
			<Form method="post" key={failureKey(actionData, 'organization')} className="space-y-4">
				<p className="text-sm text-gray-600 dark:text-gray-400">Defaults for everyone in {organization.name}.</p>
				<SelectField id="default-map-type" label="Default map type" name="defaultMapType" value={organization.defaultMapType} options={MAP_TYPES} />
				<SelectField id="default-unit" label="Default unit" name="defaultUnit" value={organization.defaultUnit} options={UNITS} />
				<Button type="submit" name="intent" value="organization" disabled={pending}>
					{pending ? 'Saving...' : 'Save Organization Settings'}
				</Button>
			</Form>
			<OrganizationLogoSection actionData={actionData} />
			<AiTrainingForm allowAiTraining={organization.allowAiTraining} />
			<PriceListSection actionData={actionData} />
		</>
	)
}
