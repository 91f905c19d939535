// Written by `npm run calibrate:grass` (scripts/grass-calibrate.ts): the share of labelled pixels that are lawn
// per bin of the detector's raw lawn probability (20 bins), made monotone, on the tune split
// (Claremont, 32 crops, each at 1×, 2× and 4×) of our labelled NAIP imagery. Do not edit by hand.
export const LAWN_CALIBRATION_KNOTS: readonly number[] = [0.0017, 0.0324, 0.0665, 0.1041, 0.1475, 0.1929, 0.2281, 0.2682, 0.3, 0.3482, 0.3987, 0.4347, 0.4748, 0.5328, 0.5896, 0.6515, 0.7056, 0.7641, 0.8344, 0.9575]
