// Saved measurements made straight in the database for the dashboard tests.
import { db } from '../support/fixtures.ts'

export async function seedMeasurements(organizationId: string, count: number, extra: (i: number) => Record<string, unknown> = () => ({})) {
	const base = Date.now() - count * 60_000
	for (let i = 0; i < count; i++) {
		await db().measurement.create({
			data: {
				organizationId,
				label: `Lawn ${String(i + 1).padStart(2, '0')}`,
				address: `${100 + i} Oak St, Austin, TX 78701`,
				shapes: [
					{
						type: 'polygon',
						coordinates: [
							{ lat: 30.27 + i / 1000, lng: -97.74 },
							{ lat: 30.27 + i / 1000, lng: -97.7397 },
							{ lat: 30.2703 + i / 1000, lng: -97.7397 },
						],
					},
				],
				total_area_sqft: 1000 + i * 100,
				total_area_acres: (1000 + i * 100) / 43_560,
				shape_count: 1,
				created_at: new Date(base + i * 60_000),
				...extra(i),
			},
		})
	}
}
