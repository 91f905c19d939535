// How exact a resolved place is (issue 18 §2), shared by the server's geocoder
// and /measure's query string.
export const PRECISIONS = ['address', 'street', 'postcode', 'city'] as const
export type Precision = (typeof PRECISIONS)[number]

export function parsePrecision(value: string | null | undefined): Precision | null {
	return PRECISIONS.find((p) => p === value) ?? null
}
