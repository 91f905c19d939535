// What the settings route module and its sections share: the action's reply,
// the map and unit choices, and the small hooks every form uses. Isomorphic.
import type { SubmissionResult } from '@conform-to/react'
import { useLoaderData } from 'react-router'
import type { SettingsTab } from '~/lib/schemas/settings.ts'
import type { loader } from './route.tsx'

export type Intent =
	| 'profile'
	| 'theme'
	| 'communications'
	| 'change-password'
	| '2fa-send'
	| '2fa-verify'
	| '2fa-disable'
	| 'preferences'
	| 'organization'
	| 'ai-training'
	| 'price-add'
	| 'price-update'
	| 'price-delete'
	| 'logo-upload'
	| 'logo-remove'

export type Toast = { title: string; description?: string }
export type ActionData = { intent: Intent; result?: SubmissionResult<string[]>; toast?: Toast; at: number }

/** What every section gets; the loader's data comes from useLoader(). */
export type TabProps = { actionData?: ActionData }

export const TAB_LABELS: Record<SettingsTab, string> = {
	profile: 'Profile',
	appearance: 'Appearance',
	communications: 'Communications',
	security: 'Security',
	preferences: 'Preferences',
	organization: 'Organization',
}

export const MAP_TYPES = [
	['hybrid', 'Hybrid'],
	['satellite', 'Satellite'],
	['terrain', 'Terrain'],
	['roadmap', 'Roadmap'],
] as const
export const UNITS = [
	['sqft', 'Square feet (sq ft)'],
	['acres', 'Acres'],
	['sqm', 'Square metres (m²)'],
] as const


export const useLoader = () => useLoaderData<typeof loader>()

/** Remounts a form after a failed save, so its controls show the saved values again (the spec's "reverts"). */
export function failureKey(actionData: ActionData | undefined, intent: Intent) {
	return actionData?.intent === intent ? String(actionData.at) : 'saved'
}
