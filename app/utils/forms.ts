// Small helpers every screen's forms share: which intent is being sent, the
// action's reply for one form, and a form's data as its strict schema sees it.
import type { SubmissionResult } from '@conform-to/react'
import { useNavigation } from 'react-router'

/** True while a form whose submit button carries this intent (name="intent") is being sent. */
export function usePendingIntent(intent: string) {
	const navigation = useNavigation()
	return navigation.state === 'submitting' && navigation.formData?.get('intent') === intent
}

/** The action's Conform result when it answers this intent (each form shows only its own errors). */
export function resultFor<A extends { intent: string; result?: SubmissionResult<string[]> }>(actionData: A | undefined, intent: A['intent']) {
	return actionData?.intent === intent ? actionData.result : undefined
}

/** The form's data without the intent (and the other names given, e.g. a row id): what the strict schemas parse. */
export function withoutIntent(formData: FormData, ...names: string[]) {
	for (const name of ['intent', ...names]) formData.delete(name)
	return formData
}
