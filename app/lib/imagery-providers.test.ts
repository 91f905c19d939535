import { expect, test } from 'vitest'
import { imageryFailureMessage, imageryProviderName } from './imagery-providers.ts'

test('a tile template names its provider; unknown hosts by host', () => {
	expect(imageryProviderName('https://basemap.nationalmap.gov/arcgis/rest/services/USGSImageryOnly/MapServer/tile/{z}/{y}/{x}')).toBe('USGS The National Map')
	expect(imageryProviderName('https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}')).toBe('Esri World Imagery')
	expect(imageryProviderName('https://ibasemaps-api.arcgis.com/arcgis/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}?token=k')).toBe('Esri World Imagery')
	expect(imageryProviderName('https://tile.googleapis.com/v1/2dtiles/{z}/{x}/{y}?session=s&key=k')).toBe('Google Map Tiles')
	expect(imageryProviderName('https://api.mapbox.com/v4/mapbox.satellite/{z}/{x}/{y}@2x.jpg90?access_token=t')).toBe('Mapbox Satellite')
	expect(imageryProviderName('http://127.0.0.1:4100/{z}/{x}/{y}')).toBe('127.0.0.1:4100')
	expect(imageryProviderName('not a url')).toBe('the imagery provider')
	expect(imageryFailureMessage('USGS The National Map')).toBe('Satellite imagery could not be loaded from USGS The National Map.')
})
