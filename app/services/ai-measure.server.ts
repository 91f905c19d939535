// POST /api/ai-measure behind the route: who may run AI measurement (spec 1 §6
// tier flags, with the spec's messages), a per-user rate limit, and the
// detection itself with imagery failures turned into clear HTTP errors.
import { ImageryError } from '~/integrations/imagery.server.ts'
import { imageryFailureMessage } from '~/lib/imagery-providers.ts'
import { getSatelliteImagery } from '~/integrations/satellite.server.ts'
import { detectGrass, type DetectGrassOptions, type GrassResult } from '~/grass/pipeline.server.ts'
import type { AiMeasureInput } from '~/lib/schemas/ai-measure.ts'
import type { ClientUser } from '~/services/users.server.ts'
import { hit } from '~/services/rate-limit.server.ts'
import { forbidden, HttpError } from '~/utils/http.server.ts'

export const AI_NOT_AVAILABLE_TITLE = 'AI Measurement Not Available'
export const AI_UPGRADE = 'Upgrade to Pro or higher to access AI-powered measurements'
export const AI_NOT_ON_PLAN = 'AI measurements are not available on your current plan'
export const AI_BETA_TITLE = 'Feature Under Development'
export const AI_BETA = 'Coming soon! This feature is currently under development and being trained to accurately measure turf.'

/** Each detection is a few hundred ms of CPU and up to 16 tile fetches. */
export const AI_MEASURE_LIMIT = { name: 'ai-measure:user', max: 60, windowSeconds: 10 * 60 }

/** Throws the spec's 403 unless the user's plan includes AI measurement. */
export function assertAiMeasurementAllowed(user: ClientUser): void {
	const tierId = user.organization?.subscriptionTierId ?? null
	if (!tierId || tierId === 'starter') throw forbidden(AI_UPGRADE)
	if (tierId === 'beta-plan') throw forbidden(AI_BETA)
	if (!user.organization?.features.hasAiMeasurement) throw forbidden(AI_NOT_ON_PLAN)
}

export async function startAiMeasurement(user: ClientUser): Promise<void> {
	assertAiMeasurementAllowed(user)
	await hit(AI_MEASURE_LIMIT, user.id)
}

/** Imagery failures → 502/504 saying what the map says (issue 18 §4) and why (never a bare 500). */
export async function imageryHttpError(error: ImageryError): Promise<HttpError> {
	const status = error.kind === 'timeout' ? 504 : 502
	const satellite = await getSatelliteImagery().resolve()
	return new HttpError(status, `${imageryFailureMessage(satellite.name)} ${error.message}`)
}

export async function measureGrass(input: AiMeasureInput, options: DetectGrassOptions): Promise<GrassResult> {
	try {
		return await detectGrass(input.propertyCenter, { ...options, seeds: input.seeds })
	} catch (error) {
		if (error instanceof ImageryError) throw await imageryHttpError(error)
		throw error
	}
}
