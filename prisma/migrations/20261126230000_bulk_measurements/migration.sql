-- CreateTable
CREATE TABLE "bulk_batches" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "createdByUserId" TEXT,
    "contentHash" TEXT NOT NULL,
    "fileName" TEXT,
    "status" TEXT NOT NULL DEFAULT 'draft',
    "rowCount" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "bulk_batches_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "bulk_rows" (
    "id" TEXT NOT NULL,
    "batchId" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "rowNumber" INTEGER NOT NULL,
    "address" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "dispatchedAt" TIMESTAMP(3),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "lat" DOUBLE PRECISION,
    "lng" DOUBLE PRECISION,
    "matchedAddress" TEXT,
    "precision" TEXT,
    "areaSqft" DOUBLE PRECISION,
    "confidence" DOUBLE PRECISION,
    "roughOutline" BOOLEAN,
    "measurementId" TEXT,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "bulk_rows_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "bulk_batches_organizationId_createdAt_idx" ON "bulk_batches"("organizationId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "bulk_batches_organizationId_contentHash_key" ON "bulk_batches"("organizationId", "contentHash");

-- CreateIndex
CREATE UNIQUE INDEX "bulk_rows_measurementId_key" ON "bulk_rows"("measurementId");

-- CreateIndex
CREATE INDEX "bulk_rows_organizationId_status_dispatchedAt_idx" ON "bulk_rows"("organizationId", "status", "dispatchedAt");

-- CreateIndex
CREATE UNIQUE INDEX "bulk_rows_batchId_rowNumber_key" ON "bulk_rows"("batchId", "rowNumber");

-- AddForeignKey
ALTER TABLE "bulk_batches" ADD CONSTRAINT "bulk_batches_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "bulk_rows" ADD CONSTRAINT "bulk_rows_batchId_fkey" FOREIGN KEY ("batchId") REFERENCES "bulk_batches"("id") ON DELETE CASCADE ON UPDATE CASCADE;
