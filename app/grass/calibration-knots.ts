// Written by `npm run calibrate:grass` (scripts/grass-calibrate.ts): the share of labelled pixels that are lawn
// per bin of the detector's raw lawn probability (20 bins), made monotone, on the tune split
// (Claremont, 32 crops, each at 1×, 2× and 4×) of our labelled NAIP imagery. Do not edit by hand.
export const LAWN_CALIBRATION_KNOTS: readonly number[] = [0.0004, 0.0043, 0.0129, 0.025, 0.0455, 0.0746, 0.1172, 0.1687, 0.2253, 0.303, 0.4021, 0.5157, 0.6303, 0.7123, 0.7577, 0.7825, 0.8094, 0.8109, 0.8679, 0.9367]
