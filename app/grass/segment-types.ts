// What the pipeline reports as excluded (not lawn), by kind. Pure.
export const EXCLUDED_TYPES = ['tree_canopy', 'building', 'pavement', 'water', 'bare_soil'] as const
export type ExcludedType = (typeof EXCLUDED_TYPES)[number]

export const EXCLUDED_LABELS: Record<ExcludedType, string> = {
	tree_canopy: 'Tree canopy and shrubs',
	building: 'Buildings',
	pavement: 'Pavement (driveways, walks, streets)',
	water: 'Water (pools, ponds)',
	bare_soil: 'Bare soil and planting beds',
}
