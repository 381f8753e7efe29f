import sharp from 'sharp';
import { expect } from 'vitest';
import { everyone } from './authorization-roles';
import type { Scenario } from './authorization-rows';

/**
 * Matrix rows of the Shro preview image (decision 125). It is what a signed-out visitor and a
 * link-preview crawler see, kept by shared caches: the route reads no cookie, so every caller,
 * a person the owner blocked included, gets what they would get signed out.
 */

export const previewScenarios: Scenario[] = [
  {
    route: 'GET /api/sessions/:id/preview.png',
    name: 'a link Shro’s preview image is public',
    expect: everyone(200),
    request: ({ world, cookie }) => ({
      method: 'GET',
      url: `/api/sessions/${world.link.id}/preview.png`,
      headers: cookie,
    }),
    check: async (_call, response) => {
      expect(response.headers['content-type']).toBe('image/png');
      expect((await sharp(response.rawPayload).metadata()).width).toBe(1200);
    },
  },
  {
    route: 'GET /api/sessions/:id/preview.png',
    name: 'a public Shro’s preview image is public',
    expect: everyone(200),
    request: ({ world, cookie }) => ({
      method: 'GET',
      url: `/api/sessions/${world.publicShro.id}/preview.png`,
      headers: cookie,
    }),
  },
  {
    route: 'GET /api/sessions/:id/preview.png',
    name: 'a private Shro has no preview image, not even for its creator or recipient',
    expect: everyone(404),
    request: ({ world, cookie }) => ({
      method: 'GET',
      url: `/api/sessions/${world.privateText.id}/preview.png`,
      headers: cookie,
    }),
    check: (_call, response) => expect(response.body).not.toContain('Dinner'),
  },
];
