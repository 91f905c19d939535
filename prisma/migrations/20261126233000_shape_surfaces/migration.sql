-- Surfaces (issue 32): every shape says what it is, and services are priced on their surface

-- AlterTable
ALTER TABLE "measurements" ADD COLUMN     "totals_by_surface" JSONB;

-- AlterTable
ALTER TABLE "service_prices" ADD COLUMN     "surface" TEXT;

-- Shapes saved before surfaces read as "other" (no guess), so their totals are all "other"
UPDATE "measurements"
SET "shapes" = (
		SELECT coalesce(jsonb_agg(CASE WHEN shape ? 'surface' THEN shape ELSE shape || '{"surface":"other"}'::jsonb END ORDER BY n), '[]'::jsonb)
		FROM jsonb_array_elements("shapes") WITH ORDINALITY AS s(shape, n)
	)
WHERE jsonb_typeof("shapes") = 'array';

UPDATE "measurements"
SET "totals_by_surface" = CASE WHEN jsonb_array_length("shapes") = 0 THEN '{}'::jsonb ELSE jsonb_build_object('other', jsonb_build_object(
	'area_sqft', "total_area_sqft", 'area_acres', "total_area_acres", 'area_sqm', "total_area_sqm",
	'distance_feet', "total_distance_feet", 'distance_yards', "total_distance_yards", 'distance_meters', "total_distance_meters",
	'shape_count', jsonb_array_length("shapes"))) END
WHERE jsonb_typeof("shapes") = 'array';
