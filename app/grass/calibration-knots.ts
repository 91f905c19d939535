// Written by `npm run calibrate:grass` (scripts/grass-calibrate.ts): the share of labelled pixels that are lawn
// per bin of the detector's raw lawn probability (20 bins), made monotone, on the tune split
// (Claremont, 32 crops) of our labelled NAIP imagery. Do not edit by hand.
export const LAWN_CALIBRATION_KNOTS: readonly number[] = [0.0433, 0.0433, 0.0433, 0.0433, 0.0456, 0.0473, 0.0536, 0.0585, 0.0665, 0.0703, 0.0744, 0.0779, 0.0818, 0.0881, 0.0971, 0.1127, 0.1295, 0.1532, 0.195, 0.494]
