// Who serves a tile layer, in words a user recognises (issue 18 §4: "Satellite
// imagery could not be loaded from <provider>."), from its URL template.
const KNOWN: { host: RegExp; name: string }[] = [
	{ host: /(^|\.)nationalmap\.gov$/, name: 'USGS The National Map' },
	{ host: /(^|\.)arcgisonline\.com$|(^|\.)arcgis\.com$/, name: 'Esri World Imagery' },
	{ host: /(^|\.)googleapis\.com$/, name: 'Google Map Tiles' },
	{ host: /(^|\.)mapbox\.com$/, name: 'Mapbox Satellite' },
]

export function imageryProviderName(template: string): string {
	let host: string
	try {
		host = new URL(template.replace(/\{[a-z]+\}/g, '0')).host
	} catch {
		return 'the imagery provider'
	}
	return KNOWN.find((k) => k.host.test(host.replace(/:\d+$/, '')))?.name ?? host
}

export function imageryFailureMessage(provider: string): string {
	return `Satellite imagery could not be loaded from ${provider}.`
}
