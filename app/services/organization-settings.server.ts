// Organization defaults and the AI training consent (spec 2 §2 Settings →
// Organization; §7 PATCH /api/organizations/{id}/settings and /ai-training).
// Account admins of the organization and site admins only: members 403,
// another organization's id 404 (it cannot be probed).
import type { z } from 'zod'
import { prisma } from '~/db.server.ts'
import type { AiTrainingSchema, OrganizationSettingsSchema } from '~/lib/schemas/settings.ts'
import { forbidden, notFound } from '~/utils/http.server.ts'
import { ORGANIZATION_NOT_FOUND } from './organizations.server.ts'

type Actor = { role: string; organizationId: string | null }

export const ORG_SETTINGS_FORBIDDEN = 'Only account admins can change organization settings'

export async function requireManageable(user: Actor, organizationId: string) {
	if (user.role !== 'account_admin' && user.role !== 'site_admin') throw forbidden(ORG_SETTINGS_FORBIDDEN)
	if (user.organizationId !== organizationId) throw notFound(ORGANIZATION_NOT_FOUND)
	const org = await prisma.organization.findUnique({ where: { id: organizationId }, select: { id: true, allowAiTraining: true } })
	if (!org) throw notFound(ORGANIZATION_NOT_FOUND)
	return org
}

export async function updateOrganizationSettings(user: Actor, organizationId: string, input: z.output<typeof OrganizationSettingsSchema>) {
	await requireManageable(user, organizationId)
	const org = await prisma.organization.update({
		where: { id: organizationId },
		data: { defaultMapType: input.defaultMapType, defaultUnit: input.defaultUnit },
		select: { id: true, defaultMapType: true, defaultUnit: true },
	})
	return { ...org, message: 'Organization settings updated' }
}

/** Turning training on records the consent date; turning it off keeps the last one. */
export async function updateAiTraining(user: Actor, organizationId: string, input: z.output<typeof AiTrainingSchema>) {
	const current = await requireManageable(user, organizationId)
	const org = await prisma.organization.update({
		where: { id: organizationId },
		data: {
			allowAiTraining: input.allowAiTraining,
			...(input.allowAiTraining && !current.allowAiTraining ? { aiTrainingConsentDate: new Date() } : {}),
		},
		select: { allowAiTraining: true, aiTrainingConsentDate: true },
	})
	return {
		allowAiTraining: org.allowAiTraining,
		aiTrainingConsentDate: org.aiTrainingConsentDate?.toISOString() ?? null,
		message: org.allowAiTraining
			? 'Thank you! Verified measurements from your organization will help train the AI.'
			: 'Your measurements will no longer be used to train the AI.',
	}
}

export async function getOrganizationSettings(organizationId: string) {
	return prisma.organization.findUnique({
		where: { id: organizationId },
		select: { id: true, name: true, logoUrl: true, defaultMapType: true, defaultUnit: true, allowAiTraining: true, aiTrainingConsentDate: true },
	})
}
