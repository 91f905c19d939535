import { expect, test } from 'vitest'
import { LAWN_CALIBRATION } from '../app/grass/calibration.ts'
import { fitLawnCalibration } from './grass-calibrate.ts'

// The real imagery is beside every checkout and CI run (../shared/realgrass).
test('the shipped confidence calibration is what the tune split gives the shipped detector (refit with npm run calibrate:grass after retraining)', async () => {
	const fit = await fitLawnCalibration()
	expect(fit.crops).toBeGreaterThanOrEqual(30)
	expect(fit.knots).toEqual(LAWN_CALIBRATION)
}, 300_000)
