// zipcodes 8 ships no types: the parts of its CommonJS API we use.
declare module 'zipcodes' {
	export type ZipCode = { zip: string; latitude: number; longitude: number; city: string; state: string; country: string }
	const zipcodes: {
		codes: Record<string, ZipCode>
		states: { full: Record<string, string>; abbr: Record<string, string> }
		lookup(zip: string | number): ZipCode | undefined
	}
	export default zipcodes
}
