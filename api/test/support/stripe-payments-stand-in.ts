import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Obj = Record<string, unknown>;

/** One request the stand-in received, as the Stripe SDK sent it. */
export interface StandInRequest {
  method: string;
  path: string;
  body: Record<string, string>;
  headers: IncomingMessage['headers'];
}

/**
 * The payments half of the Stripe stand-in (`StripeStandIn`, stripe-stand-in.ts, adds billing): a
 * local HTTP server answering PaymentIntents, Checkout Sessions and refunds as api.stripe.com does,
 * idempotency keys included.
 */
export class StripePaymentsStandIn {
  readonly requests: StandInRequest[] = [];
  protected readonly intents = new Map<string, Obj>();
  protected readonly sessions = new Map<string, Obj>();
  protected readonly charges = new Map<string, Obj>();
  protected readonly byIdempotencyKey = new Map<string, Obj>();
  private server!: Server;
  private holds: Array<{ path: string; arrived: () => void; released: Promise<void> }> = [];
  port = 0;

  /**
   * The next request to `path` waits, as a slow api.stripe.com would, until `release()`;
   * `arrived` resolves once it is here (the API is then inside its provider call).
   */
  hold(path: string): { arrived: Promise<void>; release: () => void } {
    let arrived!: () => void;
    let release!: () => void;
    const hasArrived = new Promise<void>((r) => (arrived = r));
    const released = new Promise<void>((r) => (release = r));
    this.holds.push({ path, arrived, released });
    return { arrived: hasArrived, release };
  }

  /** Listens on `port` of 127.0.0.1 (0: any free one). */
  async start(port = 0): Promise<this> {
    this.server = createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        const [path, query = ''] = (req.url ?? '').split('?');
        // a GET's parameters are in its query (expand[0]=...), a POST's in its body
        const body = Object.fromEntries(new URLSearchParams(req.method === 'GET' ? query : raw));
        this.requests.push({ method: req.method ?? '', path, body, headers: req.headers });
        const held = this.holds.findIndex((h) => h.path === path);
        const wait = held >= 0 ? this.holds.splice(held, 1)[0] : undefined;
        wait?.arrived();
        void (wait?.released ?? Promise.resolve()).then(() => {
          const [status, json] = this.answer(req.method ?? '', path, body, req.headers);
          res.writeHead(status, {
            'Content-Type': 'application/json',
            'Request-Id': `req_${id()}`,
          });
          res.end(JSON.stringify(json));
        });
      });
    });
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  intent(id: string): Obj {
    const pi = this.intents.get(id);
    if (!pi) throw new Error(`no intent ${id}`);
    return pi;
  }

  /** The card was charged: a card of `cardCountry`, as its charge reports it. */
  succeed(intentId: string, cardCountry = 'US'): Obj {
    const pi = this.intent(intentId);
    const charge: Obj = {
      id: `ch_${id()}`,
      object: 'charge',
      amount: pi.amount,
      currency: pi.currency,
      paid: true,
      status: 'succeeded',
      payment_intent: pi.id,
      payment_method_details: {
        type: 'card',
        card: { brand: 'visa', country: cardCountry, last4: '4242', funding: 'credit' },
      },
    };
    this.charges.set(charge.id as string, charge);
    return Object.assign(pi, {
      status: 'succeeded',
      last_payment_error: null,
      latest_charge: charge.id,
    });
  }

  /** The card was declined. */
  decline(intentId: string): Obj {
    return Object.assign(this.intent(intentId), {
      status: 'requires_payment_method',
      last_payment_error: { code: 'card_declined', message: 'Your card was declined.' },
    });
  }

  /** The hosted checkout was paid: the session gets a succeeded PaymentIntent. */
  completeSession(sessionId: string): Obj {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    const pi = this.newIntent(session.amount_total as number, session.metadata as Obj);
    this.succeed(pi.id as string);
    return Object.assign(session, {
      payment_status: 'paid',
      status: 'complete',
      payment_intent: pi.id,
    });
  }

  /** The billing half answers its routes here (null: not one of them). */
  protected answerBilling(
    _method: string,
    _path: string,
    _body: Record<string, string>,
    _remember: (o: Obj) => [number, Obj],
  ): [number, Obj] | null {
    return null;
  }

  private answer(
    method: string,
    path: string,
    body: Record<string, string>,
    headers: IncomingMessage['headers'],
  ): [number, Obj] {
    const key =
      typeof headers['idempotency-key'] === 'string'
        ? `${path}:${headers['idempotency-key']}`
        : null;
    if (method === 'POST' && key && this.byIdempotencyKey.has(key))
      return [200, this.byIdempotencyKey.get(key)!];
    const remember = (o: Obj): [number, Obj] => {
      if (key) this.byIdempotencyKey.set(key, o);
      return [200, o];
    };
    const billing = this.answerBilling(method, path, body, remember);
    if (billing) return billing;
    let m: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/payment_intents') {
      return remember(
        this.newIntent(Number(body.amount), metadataOf(body), body.currency, body.description),
      );
    }
    if (method === 'GET' && (m = /^\/v1\/payment_intents\/([\w]+)$/.exec(path))) {
      const pi = this.intents.get(m[1]);
      if (!pi) return notFound('payment_intent', m[1]);
      const expand = Object.entries(body).filter(([k]) => k.startsWith('expand['));
      const charge = pi.latest_charge ? this.charges.get(pi.latest_charge as string) : null;
      return expand.some(([, v]) => v === 'latest_charge') && charge
        ? [200, { ...pi, latest_charge: charge }]
        : [200, pi];
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const amount = Object.keys(body)
        .filter((k) => /^line_items\[\d+\]\[price_data\]\[unit_amount\]$/.test(k))
        .reduce((sum, k) => sum + Number(body[k]), 0);
      const sid = `cs_test_${id()}`;
      const session: Obj = {
        id: sid,
        object: 'checkout.session',
        url: `https://checkout.stripe.com/c/pay/${sid}`,
        payment_status: 'unpaid',
        status: 'open',
        payment_intent: null,
        amount_total: amount,
        currency: 'usd',
        success_url: body.success_url,
        metadata: metadataOf(body),
      };
      this.sessions.set(sid, session);
      return remember(session);
    }
    if (method === 'GET' && (m = /^\/v1\/checkout\/sessions\/([\w]+)$/.exec(path))) {
      const s = this.sessions.get(m[1]);
      return s ? [200, s] : notFound('checkout.session', m[1]);
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const pi = this.intents.get(body.payment_intent);
      if (!pi) return notFound('payment_intent', body.payment_intent);
      return remember({
        id: `re_${id()}`,
        object: 'refund',
        payment_intent: pi.id,
        amount: pi.amount,
        status: 'succeeded',
      });
    }
    return [
      404,
      {
        error: {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${method}: ${path})`,
        },
      },
    ];
  }

  protected newIntent(amount: number, metadata: Obj, currency = 'usd', description?: string): Obj {
    const piId = `pi_test_${id()}`;
    const pi: Obj = {
      id: piId,
      object: 'payment_intent',
      amount,
      currency,
      description: description ?? null,
      status: 'requires_payment_method',
      client_secret: `${piId}_secret_${id()}`,
      metadata,
      last_payment_error: null,
      latest_charge: null,
    };
    this.intents.set(piId, pi);
    return pi;
  }
}

export const id = () => randomBytes(8).toString('hex');

export function metadataOf(body: Record<string, string>): Obj {
  const out: Obj = {};
  for (const [k, v] of Object.entries(body)) {
    const m = /^metadata\[(\w+)\]$/.exec(k);
    if (m) out[m[1]] = v;
  }
  return out;
}

export function notFound(type: string, objId: string): [number, Obj] {
  return [
    404,
    {
      error: {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such ${type}: '${objId}'`,
      },
    },
  ];
}
