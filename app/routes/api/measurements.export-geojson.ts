// GET /api/measurements/export.geojson?address= — the saved measurements of an
// address (or all of the organization's) as an RFC 7946 FeatureCollection.
// The same loader serves export.kml and export.csv (issue 9).
export { loader, action } from './measurements.export.ts'
