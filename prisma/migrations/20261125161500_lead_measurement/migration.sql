-- AlterTable
ALTER TABLE "leads" ADD COLUMN     "measurementId" TEXT;

-- CreateIndex
CREATE INDEX "leads_measurementId_idx" ON "leads"("measurementId");

-- AddForeignKey
ALTER TABLE "leads" ADD CONSTRAINT "leads_measurementId_fkey" FOREIGN KEY ("measurementId") REFERENCES "measurements"("id") ON DELETE SET NULL ON UPDATE CASCADE;
