// The imagery provider's required credit over the map ("Imagery: U.S.
// Geological Survey, The National Map", "© Mapbox © Maxar", …) for the layer
// on screen. Rendered by the page, not by OpenLayers, so it is there at first
// paint, before the lazily loaded map (issue 21 §5: it used to be the largest
// text on a phone's first screen, painted only once the map had loaded).
import type { LayerConfig, MapType } from '~/map/measure-map.client.tsx'

/** bottomInset: the height of the map the phone's sheet covers; the credit sits above it */
export function MapCredit({ layers, mapType, bottomInset = 0 }: { layers: LayerConfig; mapType: MapType; bottomInset?: number }) {
	const credit = layers.attributions?.[mapType] ?? layers.attribution
	if (!credit) return null
	return (
		<p
			data-testid="map-credit"
			style={{ bottom: bottomInset + 8 }}
			className="pointer-events-none absolute right-2 z-10 max-w-[calc(100%-1rem)] rounded bg-white/80 px-1.5 py-0.5 text-right text-xs text-gray-900 dark:bg-gray-900/80 dark:text-gray-100"
		>
			{credit}
		</p>
	)
}
