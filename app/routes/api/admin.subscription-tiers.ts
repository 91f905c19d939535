// GET (every plan, inactive ones too) and POST /api/admin/subscription-tiers.
import type { Route } from './+types/admin.subscription-tiers'
import { CreateTierSchema } from '~/lib/schemas/admin.ts'
import { requireAdminSection } from '~/services/admin/access.server.ts'
import { createTier, listAllTiers } from '~/services/admin/plans.server.ts'
import { api, methodNotAllowed, readBody } from '~/utils/http.server.ts'

export const loader = api(async ({ request }: Route.LoaderArgs) => {
	await requireAdminSection(request, 'plans')
	return Response.json(await listAllTiers())
})

export const action = api(async ({ request }: Route.ActionArgs) => {
	if (request.method !== 'POST') return methodNotAllowed(['GET', 'POST'])
	const ctx = await requireAdminSection(request, 'plans')
	return Response.json(await createTier(ctx, await readBody(request, CreateTierSchema)), { status: 201 })
})
