// The bulk-measure screens' error page (issue 34): sign in, account admins only, batch not found.
import { isRouteErrorResponse } from 'react-router'
import { SignedInScreenError } from '~/components/sign-in-required.tsx'

export function BulkError({ error }: { error: unknown }) {
	if (isRouteErrorResponse(error) && (error.status === 403 || error.status === 404)) {
		return (
			<div className="mx-auto max-w-xl px-4 py-24 text-center">
				<h1 className="text-3xl font-bold">{error.status === 403 ? 'Access Denied' : 'Not Found'}</h1>
				<p className="mt-4 text-gray-700 dark:text-gray-300">{String(error.data)}</p>
			</div>
		)
	}
	return <SignedInScreenError error={error} title="Access Denied" message="You must be logged in to use bulk measure." redirectTo="/dashboard/bulk" />
}
