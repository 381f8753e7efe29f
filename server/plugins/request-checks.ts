import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** A synchronous step of every request's start: an error answers the request instead of the route. */
type RequestCheck = (request: FastifyRequest, reply: FastifyReply) => Error | undefined;
/** A synchronous step of every answer before it is written: headers only, the payload as it is. */
type AnswerStep = (request: FastifyRequest, reply: FastifyReply) => void;

declare module 'fastify' {
  interface FastifyInstance {
    /** Adds a check run at the start of every request of the whole app, after those added before it (decision 157). */
    checkEveryRequest(check: RequestCheck): void;
    /** Adds a step run on every answer of the whole app before it is sent, after those added before it (decision 157). */
    onEveryAnswer(step: AnswerStep): void;
  }
}

/**
 * The app's own every-request work runs in one `onRequest` and one `onSend` hook, whatever the
 * number of plugins that need it (decision 157): each Fastify hook costs every request a turn of
 * Fastify's hook runner, about as much as the small checks themselves. Plugins hand their
 * synchronous steps here, in the order they are registered; anything asynchronous, or needed on
 * some routes only, stays a hook of its own (on those routes).
 */
async function requestChecksPlugin(app: FastifyInstance) {
  const checks: RequestCheck[] = [];
  const steps: AnswerStep[] = [];
  // App-wide whoever adds them (an encapsulated plugin too), and only while the app is being built.
  let ready = false;
  const whileBuilding = () => {
    if (ready) throw new Error('Every-request steps are added while the app is being built, not after it is ready');
  };
  app.decorate('checkEveryRequest', (check: RequestCheck) => {
    whileBuilding();
    checks.push(check);
  });
  app.decorate('onEveryAnswer', (step: AnswerStep) => {
    whileBuilding();
    steps.push(step);
  });
  app.addHook('onReady', (done) => {
    ready = true;
    done();
  });

  app.addHook('onRequest', (request, reply, done) => {
    for (const check of checks) {
      const refusal = check(request, reply);
      if (refusal) {
        done(refusal);
        return;
      }
    }
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    for (const step of steps) step(request, reply);
    done(null, payload);
  });
}

export default fp(requestChecksPlugin, { name: 'request-checks' });
