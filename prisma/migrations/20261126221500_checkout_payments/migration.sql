-- CreateTable
CREATE TABLE "checkout_payments" (
    "id" TEXT NOT NULL,
    "planId" TEXT NOT NULL,
    "tierId" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "customer" JSONB NOT NULL,
    "passwordHash" TEXT,
    "paymentCustomerId" TEXT,
    "paymentMethodId" TEXT,
    "card" JSONB,
    "paymentIntentId" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "status" TEXT NOT NULL DEFAULT 'open',
    "message" TEXT,
    "userId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "checkout_payments_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "checkout_payments_paymentIntentId_key" ON "checkout_payments"("paymentIntentId");

-- CreateIndex
CREATE INDEX "checkout_payments_email_idx" ON "checkout_payments"("email");
