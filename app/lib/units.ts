// Units and display precision (spec 1 §9). Pure and isomorphic.
// The foot is exactly 0.3048 m (international foot), so 1 m² = 10.76391041671 ft²
// and 1 acre = 43,560 ft²; the spec's 10.7639 / 0.092903 / 3.28084 are these
// same values rounded (within 1e-6 relative). They give the same displayed
// figures for property-sized areas (below ~100,000 m², except when a value
// sits on a rounding tie); we use the exact factors.
export const METERS_PER_FOOT = 0.3048
export const SQFT_PER_SQM = 1 / (METERS_PER_FOOT * METERS_PER_FOOT)
export const SQFT_PER_ACRE = 43_560
export const FEET_PER_YARD = 3

export const AREA_UNITS = ['sqft', 'acres', 'sqm'] as const
export type AreaUnit = (typeof AREA_UNITS)[number]
export const LENGTH_UNITS = ['feet', 'yards', 'meters'] as const
export type LengthUnit = (typeof LENGTH_UNITS)[number]

export const sqmToSqft = (sqm: number) => sqm * SQFT_PER_SQM
export const sqftToSqm = (sqft: number) => sqft / SQFT_PER_SQM
export const sqftToAcres = (sqft: number) => sqft / SQFT_PER_ACRE
export const metersToFeet = (m: number) => m / METERS_PER_FOOT
export const feetToMeters = (ft: number) => ft * METERS_PER_FOOT
export const feetToYards = (ft: number) => ft / FEET_PER_YARD

/** All three area figures of a saved shape, from square metres. */
export function areaFigures(sqm: number) {
	const sqft = sqmToSqft(sqm)
	return { area_sqft: sqft, area_acres: sqftToAcres(sqft), area_sqm: sqm }
}

/** All three length figures of a line, from metres. */
export function distanceFigures(meters: number) {
	const feet = metersToFeet(meters)
	return { distance_feet: feet, distance_yards: feetToYards(feet), distance_meters: meters }
}

// one formatter per number of decimals, made once (toLocaleString with options makes one a call, ~35 µs)
const grouped = new Map<number, Intl.NumberFormat>()
function group(value: number, digits: number): string {
	let format = grouped.get(digits)
	if (!format) grouped.set(digits, (format = new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })))
	return format.format(value)
}

/** sqft whole, acres 3 decimals, sqm 1 decimal (spec 1 §9). */
export function formatArea(sqft: number, unit: AreaUnit): string {
	if (unit === 'acres') return `${group(sqftToAcres(sqft), 3)} acres`
	if (unit === 'sqm') return `${group(sqftToSqm(sqft), 1)} m²`
	return `${group(Math.round(sqft), 0)} sq ft`
}

/** feet whole, yards and meters 1 decimal (spec 1 §9). */
export function formatLength(feet: number, unit: LengthUnit | AreaUnit): string {
	if (unit === 'yards') return `${group(feetToYards(feet), 1)} yd`
	if (unit === 'meters' || unit === 'sqm') return `${group(feetToMeters(feet), 1)} m`
	return `${group(Math.round(feet), 0)} ft`
}

/** The live panel's perimeter estimate of spec 1 §2: area divided by 10 ft. */
export const approximatePerimeterFeet = (sqft: number) => sqft / 10

/** The Unit of Measure choices on /measure: three area and three length units. */
export const DISPLAY_UNITS = [
	{ value: 'sqft', label: 'Square Feet' },
	{ value: 'acres', label: 'Acres' },
	{ value: 'sqm', label: 'Square Meters' },
	{ value: 'feet', label: 'Feet' },
	{ value: 'yards', label: 'Yards' },
	{ value: 'meters', label: 'Meters' },
] as const
export type DisplayUnit = (typeof DISPLAY_UNITS)[number]['value']

/** Areas and lengths shown for a choice: an area unit pairs with feet or meters, a length unit with sq ft or m². */
export function displayUnits(unit: DisplayUnit): { area: AreaUnit; length: LengthUnit } {
	switch (unit) {
		case 'acres':
			return { area: 'acres', length: 'feet' }
		case 'sqm':
			return { area: 'sqm', length: 'meters' }
		case 'feet':
			return { area: 'sqft', length: 'feet' }
		case 'yards':
			return { area: 'sqft', length: 'yards' }
		case 'meters':
			return { area: 'sqm', length: 'meters' }
		default:
			return { area: 'sqft', length: 'feet' }
	}
}
