-- CreateTable
CREATE TABLE "measurement_shares" (
    "id" TEXT NOT NULL,
    "measurementId" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "createdByUserId" TEXT,
    "tokenHash" TEXT NOT NULL,
    "priceItems" JSONB NOT NULL DEFAULT '[]',
    "taxRate" TEXT,
    "notes" TEXT,
    "contactName" TEXT,
    "contactPhone" TEXT,
    "contactEmail" TEXT,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "revokedAt" TIMESTAMP(3),
    "viewCount" INTEGER NOT NULL DEFAULT 0,
    "firstViewedAt" TIMESTAMP(3),
    "lastViewedAt" TIMESTAMP(3),
    "acceptedAt" TIMESTAMP(3),
    "acceptedName" TEXT,
    "acceptedEmail" TEXT,
    "acceptedPhone" TEXT,
    "acceptedMessage" TEXT,
    "acceptedTotalCents" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "measurement_shares_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "measurement_shares_tokenHash_key" ON "measurement_shares"("tokenHash");

-- CreateIndex
CREATE INDEX "measurement_shares_measurementId_createdAt_idx" ON "measurement_shares"("measurementId", "createdAt");

-- CreateIndex
CREATE INDEX "measurement_shares_organizationId_idx" ON "measurement_shares"("organizationId");

-- AddForeignKey
ALTER TABLE "measurement_shares" ADD CONSTRAINT "measurement_shares_measurementId_fkey" FOREIGN KEY ("measurementId") REFERENCES "measurements"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "measurement_shares" ADD CONSTRAINT "measurement_shares_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
