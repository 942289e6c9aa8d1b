// What the server hands a page to take a payment: the order model writes it, the checkout component opens
// Razorpay's widget with it (or posts it to the hosted checkout page without JS).

export type PayInstructions = {
  keyId: string
  providerOrderId: string
  amountPaise: number
  currency: string
  name: string
  description: string
  checkoutUrl: string
  callbackUrl: string
  cancelUrl: string
  prefill: { name: string; email: string; contact: string }
}
