// A Razorpay-shaped local server: the orders REST API (basic auth), checkout.js (a fake widget whose
// Pay button calls the handler with a payment id and a REAL signature) and the hosted checkout page
// (/v1/checkout/embedded) that posts the three fields to the callback_url. Signatures are what Razorpay sends:
// HMAC-SHA256(order_id|payment_id, key secret).
// Refunds: POST /v1/payments/{id}/refund (basic auth) refunds a payment this server made, never more than is left of
// it, answering the refund as Razorpay does with `refundStatus` ('processed' unless a test sets 'pending'). With a
// `webhookUrl`, each refund that is processed is also announced there as Razorpay does it: a refund.processed event
// signed with the webhook secret, with an X-Razorpay-Event-Id. `settleRefund` processes or fails a pending one.
import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { StandInStarter } from './index'

export type RazorpayStandIn = {
  env: Record<string, string>
  keyId: string
  keySecret: string
  webhookSecret: string
  url: string
  orders: Map<string, StandInOrder>
  payments: Map<string, StandInPayment>
  refunds: Map<string, StandInRefund>
  /** The status new refunds are answered with. */
  refundStatus: 'processed' | 'pending'
  /** Where refund webhooks go (none: not sent). */
  webhookUrl: string | null
  /** What the Pay button answers: a captured payment of the order and its checkout signature. */
  pay: (orderId: string) => { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string }
  /** Moves a pending refund to processed or failed and sends its webhook (when a webhookUrl is set). */
  settleRefund: (refundId: string, status: 'processed' | 'failed') => Promise<void>
  close: () => Promise<void>
}
type StandInPayment = { id: string; orderId: string; amount: number; refunded: number }
export type StandInRefund = {
  id: string
  entity: 'refund'
  amount: number
  currency: string
  payment_id: string
  notes: Record<string, string>
  receipt: string | null
  acquirer_data: { arn: string | null }
  created_at: number
  batch_id: null
  status: 'pending' | 'processed' | 'failed'
  speed_processed: 'normal'
  speed_requested: 'normal'
}
type StandInOrder = {
  id: string
  amount: number
  currency: string
  receipt: string
  notes: Record<string, string>
  status: string
  created_at: number
}

const alnum = (n: number) => {
  const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
  return Array.from(crypto.randomBytes(n), (b) => chars[b % chars.length]).join('')
}

export const sign = (secret: string, payload: string) =>
  crypto.createHmac('sha256', secret).update(payload).digest('hex')

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = ''
    req.setEncoding('utf8')
    req.on('data', (c) => (body += c))
    req.on('end', () => resolve(body))
    req.on('error', reject)
  })
}

/** A refund webhook as Razorpay sends it: the refund and its payment, in an event envelope. */
export function refundWebhookBody(
  refund: StandInRefund,
  event: 'refund.processed' | 'refund.failed',
  payment: { orderId: string; amount: number; refunded: number },
): string {
  return JSON.stringify({
    entity: 'event',
    account_id: 'acc_StandIn0000001',
    event,
    contains: ['refund', 'payment'],
    payload: {
      refund: { entity: { ...refund, status: event === 'refund.processed' ? 'processed' : 'failed' } },
      payment: {
        entity: {
          id: refund.payment_id,
          entity: 'payment',
          amount: payment.amount,
          currency: 'INR',
          status: payment.refunded >= payment.amount ? 'refunded' : 'captured',
          order_id: payment.orderId,
          amount_refunded: payment.refunded,
          refund_status: payment.refunded >= payment.amount ? 'full' : payment.refunded > 0 ? 'partial' : null,
        },
      },
    },
    created_at: Math.floor(Date.now() / 1000),
  })
}

function widgetScript(base: string) {
  // The fake widget: open() shows an overlay with Pay / Cancel. Pay asks this server for a payment and its
  // signature (the secret never reaches the page) and calls options.handler; Cancel calls modal.ondismiss.
  return `(function(){
  function Razorpay(options){ this.options = options }
  Razorpay.prototype.open = function(){
    var o = this.options, box = document.createElement('div');
    box.setAttribute('role','dialog'); box.setAttribute('aria-label','Razorpay Checkout (stand-in)');
    box.style.cssText='position:fixed;inset:0;background:rgba(0,0,0,.6);display:flex;align-items:center;justify-content:center;z-index:9999';
    box.innerHTML='<div style="background:#fff;color:#000;padding:24px;border-radius:8px"><p>Razorpay stand-in: '+(o.amount/100)+' '+o.currency+'</p><button id="rzp-standin-pay">Pay now</button> <button id="rzp-standin-cancel">Cancel payment</button></div>';
    document.body.appendChild(box);
    box.querySelector('#rzp-standin-cancel').onclick=function(){ box.remove(); o.modal && o.modal.ondismiss && o.modal.ondismiss() };
    box.querySelector('#rzp-standin-pay').onclick=function(){
      fetch(${JSON.stringify(base)}+'/v1/standin/pay',{method:'POST',headers:{'Content-Type':'application/json'},body:JSON.stringify({key:o.key,order_id:o.order_id})})
        .then(function(r){return r.json()}).then(function(res){ box.remove(); o.handler(res) });
    };
  };
  window.Razorpay = Razorpay;
})();`
}

export async function startRazorpayServer(port = 0, options: { webhookUrl?: string } = {}): Promise<RazorpayStandIn> {
  const keyId = `rzp_test_${alnum(14)}`
  const keySecret = alnum(24)
  const webhookSecret = alnum(24)
  const orders = new Map<string, StandInOrder>()
  const payments = new Map<string, StandInPayment>()
  const refunds = new Map<string, StandInRefund>()
  let base = ''

  const pay = (orderId: string) => {
    const paymentId = `pay_${alnum(14)}`
    payments.set(paymentId, { id: paymentId, orderId, amount: orders.get(orderId)?.amount ?? 0, refunded: 0 })
    return {
      razorpay_payment_id: paymentId,
      razorpay_order_id: orderId,
      razorpay_signature: sign(keySecret, `${orderId}|${paymentId}`),
    }
  }

  const authorised = (req: http.IncomingMessage) =>
    req.headers.authorization === `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`

  /** Sends a refund's webhook to the app, signed as Razorpay signs it; failures are the app's to show. */
  async function announce(refund: StandInRefund, event: 'refund.processed' | 'refund.failed') {
    if (!standIn.webhookUrl) return
    const payment = payments.get(refund.payment_id)!
    const body = refundWebhookBody(refund, event, payment)
    await fetch(standIn.webhookUrl, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Razorpay-Signature': sign(webhookSecret, body),
        'X-Razorpay-Event-Id': `evt_${alnum(14)}`,
      },
      body,
    }).catch((error) => console.error('[razorpay stand-in] webhook not delivered:', error))
  }

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', base)
    const send = (status: number, body: unknown, type = 'application/json') => {
      res.writeHead(status, {
        'Content-Type': type,
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Allow-Headers': 'Content-Type',
      })
      res.end(typeof body === 'string' ? body : JSON.stringify(body))
    }
    try {
      if (req.method === 'OPTIONS') return send(204, '')
      if (req.method === 'POST' && url.pathname === '/v1/orders') {
        if (!authorised(req))
          return send(401, { error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } })
        const body = JSON.parse((await readBody(req)) || '{}')
        if (!Number.isInteger(body.amount) || body.amount < 100) {
          return send(400, {
            error: { code: 'BAD_REQUEST_ERROR', description: 'Order amount less than minimum amount allowed' },
          })
        }
        const order: StandInOrder = {
          id: `order_${alnum(14)}`,
          amount: body.amount,
          currency: body.currency ?? 'INR',
          receipt: body.receipt ?? '',
          notes: body.notes ?? {},
          status: 'created',
          created_at: Math.floor(Date.now() / 1000),
        }
        orders.set(order.id, order)
        return send(200, {
          ...order,
          entity: 'order',
          amount_paid: 0,
          amount_due: order.amount,
          offer_id: null,
          attempts: 0,
        })
      }
      const refundPath = /^\/v1\/payments\/([A-Za-z0-9_]+)\/refund$/.exec(url.pathname)
      if (req.method === 'POST' && refundPath) {
        if (!authorised(req))
          return send(401, { error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } })
        const payment = payments.get(refundPath[1])
        if (!payment)
          return send(400, { error: { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist' } })
        const body = JSON.parse((await readBody(req)) || '{}')
        const left = payment.amount - payment.refunded
        const amount = body.amount ?? left
        if (!Number.isInteger(amount) || amount < 100)
          return send(400, { error: { code: 'BAD_REQUEST_ERROR', description: 'The amount must be atleast INR 1.00' } })
        if (amount > left)
          return send(400, {
            error: {
              code: 'BAD_REQUEST_ERROR',
              description: 'The refund amount provided is greater than amount captured',
            },
          })
        payment.refunded += amount
        const refund: StandInRefund = {
          id: `rfnd_${alnum(14)}`,
          entity: 'refund',
          amount,
          currency: 'INR',
          payment_id: payment.id,
          notes: body.notes ?? {},
          receipt: body.receipt ?? null,
          acquirer_data: { arn: null },
          created_at: Math.floor(Date.now() / 1000),
          batch_id: null,
          status: standIn.refundStatus,
          speed_processed: 'normal',
          speed_requested: 'normal',
        }
        refunds.set(refund.id, refund)
        send(200, refund)
        if (refund.status === 'processed') setTimeout(() => void announce(refund, 'refund.processed'), 50)
        return
      }
      if (req.method === 'GET' && url.pathname === '/v1/checkout.js')
        return send(200, widgetScript(base), 'application/javascript')
      if (req.method === 'POST' && url.pathname === '/v1/standin/pay') {
        const body = JSON.parse((await readBody(req)) || '{}')
        if (body.key !== keyId || !orders.has(body.order_id)) return send(400, { error: 'unknown order' })
        return send(200, pay(body.order_id))
      }
      if (req.method === 'POST' && url.pathname === '/v1/checkout/embedded') {
        const form = new URLSearchParams(await readBody(req))
        const orderId = form.get('order_id') ?? ''
        const callback = form.get('callback_url') ?? ''
        const order = orders.get(orderId)
        if (form.get('key_id') !== keyId || !order || !/^https?:\/\//.test(callback)) {
          return send(400, '<!doctype html><title>Razorpay</title><p>Invalid checkout request</p>', 'text/html')
        }
        const answer = pay(orderId)
        const fields = Object.entries(answer)
          .map(([k, v]) => `<input type="hidden" name="${k}" value="${esc(v)}">`)
          .join('')
        const cancel = form.get('cancel_url')
        return send(
          200,
          `<!doctype html><html><head><title>Razorpay hosted checkout (stand-in)</title></head><body>
<h1>Razorpay hosted checkout (stand-in)</h1><p>Amount: ${order.amount / 100} ${esc(order.currency)}</p>
<form method="post" action="${esc(callback)}">${fields}<button type="submit">Pay now</button></form>
${cancel ? `<a href="${esc(cancel)}">Cancel payment</a>` : ''}
</body></html>`,
          'text/html',
        )
      }
      send(404, { error: { code: 'BAD_REQUEST_ERROR', description: 'The requested URL was not found on the server.' } })
    } catch (error) {
      send(500, { error: { code: 'SERVER_ERROR', description: String(error) } })
    }
  })
  await new Promise<void>((resolve) => server.listen(port, resolve))
  const actualPort = (server.address() as AddressInfo).port
  base = `http://localhost:${actualPort}`
  const standIn: RazorpayStandIn = {
    keyId,
    keySecret,
    webhookSecret,
    url: base,
    orders,
    payments,
    refunds,
    refundStatus: 'processed',
    webhookUrl: options.webhookUrl ?? null,
    pay,
    async settleRefund(refundId, status) {
      const refund = refunds.get(refundId)
      if (!refund || refund.status !== 'pending') throw new Error(`no pending refund ${refundId}`)
      refund.status = status
      if (status === 'failed') payments.get(refund.payment_id)!.refunded -= refund.amount
      await announce(refund, status === 'processed' ? 'refund.processed' : 'refund.failed')
    },
    env: {
      RAZORPAY_KEY_ID: keyId,
      RAZORPAY_KEY_SECRET: keySecret,
      RAZORPAY_WEBHOOK_SECRET: webhookSecret,
      RAZORPAY_API_URL: `http://127.0.0.1:${actualPort}`,
      RAZORPAY_CHECKOUT_URL: base,
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
  return standIn
}

export const startRazorpay: StandInStarter = async (ports) => {
  // Refund webhooks go to the e2e app, as Razorpay's go to the payment webhook's address.
  const standIn = await startRazorpayServer(ports.razorpayPort, {
    webhookUrl: `${ports.baseURL}/api/v1/orders/verify-payment`,
  })
  return { env: standIn.env, close: standIn.close }
}
