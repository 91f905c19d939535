// Written by `npm run calibrate:grass` (scripts/grass-calibrate.ts): the share of labelled pixels that are lawn
// per bin of the detector's raw lawn probability (20 bins), made monotone, on the tune split
// (Claremont, 32 crops, each at 1×, 2× and 4×) of our labelled NAIP imagery. Do not edit by hand.
export const LAWN_CALIBRATION_KNOTS: readonly number[] = [0.0004, 0.004, 0.013, 0.0285, 0.049, 0.079, 0.1142, 0.1591, 0.2113, 0.2797, 0.3726, 0.4948, 0.6287, 0.7105, 0.7585, 0.7943, 0.801, 0.8342, 0.9148, 0.9148]
