import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Work a route starts after answering (so its timing says nothing), awaited at shutdown. */
interface BackgroundWork {
  /** Runs `task` now without waiting for it; a failure is logged with `label`, never thrown. */
  run(label: string, task: () => Promise<unknown>): void;
  /** Resolves once every task started so far has finished (shutdown, tests). */
  settled(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    backgroundWork: BackgroundWork;
  }
}

async function backgroundWorkPlugin(app: FastifyInstance) {
  const pending = new Set<Promise<void>>();
  const work: BackgroundWork = {
    run(label, task) {
      const promise: Promise<void> = task()
        .then(() => {})
        .catch((error: unknown) => app.log.error({ err: error }, `${label} failed`))
        .finally(() => pending.delete(promise));
      pending.add(promise);
    },
    async settled() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
  app.decorate('backgroundWork', work);
  // Before the database closes: a reset link half sent is finished first.
  app.addHook('preClose', async () => {
    await work.settled();
  });
}

export default fp(backgroundWorkPlugin, { name: 'background-work' });
