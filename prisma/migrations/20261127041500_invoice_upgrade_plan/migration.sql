-- AlterTable
ALTER TABLE "invoices" ADD COLUMN     "upgradeFromTierId" TEXT,
ADD COLUMN     "upgradeTierId" TEXT;
