// Written by `npm run calibrate:grass` (scripts/grass-calibrate.ts): the share of labelled pixels that are lawn
// per bin of the detector's raw lawn probability (20 bins), made monotone, on the tune split
// (Claremont, 32 crops, each at 1×, 2× and 4×) of our labelled NAIP imagery. Do not edit by hand.
export const LAWN_CALIBRATION_KNOTS: readonly number[] = [0.0017, 0.0338, 0.0677, 0.101, 0.1413, 0.1859, 0.23, 0.2662, 0.3056, 0.3592, 0.4069, 0.4459, 0.4803, 0.5287, 0.5905, 0.6588, 0.7209, 0.7734, 0.8378, 0.9573]
