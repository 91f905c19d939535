// Written by `npm run calibrate:grass` (scripts/grass-calibrate.ts): the share of labelled pixels that are lawn
// per bin of the detector's raw lawn probability (20 bins), made monotone, on the tune split
// (Claremont, 32 crops, each at 1×, 2× and 4×) of our labelled NAIP imagery. Do not edit by hand.
export const LAWN_CALIBRATION_KNOTS: readonly number[] = [0.0009, 0.0185, 0.0445, 0.0762, 0.1107, 0.1502, 0.1945, 0.2349, 0.2879, 0.3426, 0.401, 0.4606, 0.5275, 0.585, 0.6518, 0.705, 0.7686, 0.8154, 0.8509, 0.9574]
