// Bulk measure's limits (issue 34), apart from the parser so pages and the
// front door can name them without loading it.
export const BULK_MAX_BYTES = 2 * 1024 * 1024
export const BULK_MAX_ROWS = 2000
