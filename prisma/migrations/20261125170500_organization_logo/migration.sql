-- AlterTable
ALTER TABLE "organizations" ADD COLUMN     "logoUrl" TEXT;
