// The picture the imagery integration hands to the grass pipeline. Pure, a type only.

/** 8-bit RGB, row-major, 3 bytes a pixel. */
export type RgbImage = { width: number; height: number; data: Uint8Array }
