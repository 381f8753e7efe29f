import { describe, expect, it } from 'vitest';

describe('zod-jitless', () => {
  it('turns jitless parsing on for zod loaded afterwards, and object schemas still parse', async () => {
    await import('./zod-jitless');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    const schema = z.object({ name: z.string().min(2) });
    expect(schema.parse({ name: 'ok' })).toEqual({ name: 'ok' });
    expect(schema.safeParse({ name: 'x' }).success).toBe(false);
  });
});
