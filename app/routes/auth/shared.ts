// What the /auth route module and its forms share. Isomorphic.
import type { SubmissionResult } from '@conform-to/react'

export type Intent = 'login' | 'register' | 'forgot' | 'reset' | 'resend' | 'verify-2fa' | 'resend-2fa'
export type ActionData = {
	intent: Intent
	result: SubmissionResult<string[]>
	toast?: { title: string; description: string; type?: 'destructive' | 'success' }
	unverifiedEmail?: string
	/** the password was right and two-factor is on: ask for the e-mailed code */
	twoFactor?: { challengeToken: string }
}
