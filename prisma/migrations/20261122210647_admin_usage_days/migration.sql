-- CreateTable
CREATE TABLE "usage_days" (
    "day" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL DEFAULT '',
    "searches" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "usage_days_pkey" PRIMARY KEY ("day","organizationId")
);
