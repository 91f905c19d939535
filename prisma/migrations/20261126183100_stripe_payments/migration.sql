-- AlterTable
ALTER TABLE "organizations" ADD COLUMN     "paymentCustomerId" TEXT;

-- AlterTable
ALTER TABLE "invoices" ADD COLUMN     "paymentIntentId" TEXT,
ADD COLUMN     "refundedAmount" DECIMAL(10,2);

-- CreateTable
CREATE TABLE "payment_events" (
    "id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "payment_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "organizations_paymentCustomerId_key" ON "organizations"("paymentCustomerId");

-- CreateIndex
CREATE UNIQUE INDEX "invoices_paymentIntentId_key" ON "invoices"("paymentIntentId");
