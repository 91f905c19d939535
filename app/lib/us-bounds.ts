// Is a point in the United States (the 50 states and DC)? Boxes around the
// contiguous states, Alaska (both sides of the antimeridian) and Hawaii: a
// provider answer outside them is not a US property, whatever it claims.
const US_BOXES: readonly [latMin: number, latMax: number, lngMin: number, lngMax: number][] = [
	[24.4, 49.4, -124.85, -66.9], // contiguous states (Key West to the Northwest Angle)
	[51.2, 71.5, -179.2, -129.9], // Alaska
	[51.2, 53.1, 172.4, 180], // the Aleutians west of the antimeridian
	[18.9, 22.3, -160.3, -154.8], // Hawaii
]

export function isInUnitedStates(lat: number, lng: number): boolean {
	if (!Number.isFinite(lat) || !Number.isFinite(lng)) return false
	return US_BOXES.some(([latMin, latMax, lngMin, lngMax]) => lat >= latMin && lat <= latMax && lng >= lngMin && lng <= lngMax)
}

/** "1600 Pennsylvania Ave NW, …", "12B Elm St": a house number, then a street name. */
export function looksLikeStreetAddress(text: string): boolean {
	return /^\s*\d+[A-Za-z]?(?:[-/]\d+[A-Za-z]?)?\s+[A-Za-z]/.test(text)
}
