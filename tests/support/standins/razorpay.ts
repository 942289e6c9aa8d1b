// A Razorpay-shaped local server: the orders REST API (basic auth), checkout.js (a fake widget whose
// Pay button calls the handler with a payment id and a REAL signature) and the hosted checkout page
// (/v1/checkout/embedded) that posts the three fields to the callback_url. Signatures are what Razorpay sends:
// HMAC-SHA256(order_id|payment_id, key secret).
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
  close: () => Promise<void>
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

export async function startRazorpayServer(port = 0): Promise<RazorpayStandIn> {
  const keyId = `rzp_test_${alnum(14)}`
  const keySecret = alnum(24)
  const webhookSecret = alnum(24)
  const orders = new Map<string, StandInOrder>()
  let base = ''

  const pay = (orderId: string) => {
    const paymentId = `pay_${alnum(14)}`
    return {
      razorpay_payment_id: paymentId,
      razorpay_order_id: orderId,
      razorpay_signature: sign(keySecret, `${orderId}|${paymentId}`),
    }
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
        const auth = req.headers.authorization ?? ''
        const expected = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`
        if (auth !== expected)
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
  return {
    keyId,
    keySecret,
    webhookSecret,
    url: base,
    orders,
    env: {
      RAZORPAY_KEY_ID: keyId,
      RAZORPAY_KEY_SECRET: keySecret,
      RAZORPAY_WEBHOOK_SECRET: webhookSecret,
      RAZORPAY_API_URL: `http://127.0.0.1:${actualPort}`,
      RAZORPAY_CHECKOUT_URL: base,
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export const startRazorpay: StandInStarter = async (ports) => {
  const standIn = await startRazorpayServer(ports.razorpayPort)
  return { env: standIn.env, close: standIn.close }
}
