-- AlterTable
ALTER TABLE "invoices" ADD COLUMN     "chargeClaimedAt" TIMESTAMP(3);
