import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The import boundaries of decision 024 are Biome `noRestrictedImports` overrides in biome.json.
 * Each case writes a scratch file with one forbidden and one allowed import into a temporary
 * folder inside the override's path glob, lints it with the project's Biome, and expects exactly
 * the forbidden one to be reported.
 */
const root = new URL('..', import.meta.url).pathname;
const biome = join(root, 'node_modules/.bin/biome');
const scratchDirs: string[] = [];

afterAll(() => {
  for (const dir of scratchDirs) rmSync(dir, { recursive: true, force: true });
});

/** Lints `source` as a file at `<parent>/<tmp>/<name>` and returns the import lines Biome restricted. */
function restrictedImports(parent: string, name: string, source: string): { lines: number[]; output: string } {
  const dir = mkdtempSync(join(root, parent, 'lint-scratch-'));
  scratchDirs.push(dir);
  const file = join(dir, name);
  writeFileSync(file, source);
  try {
    const result = spawnSync(biome, ['lint', '--max-diagnostics=50', relative(root, file)], {
      cwd: root,
      encoding: 'utf8',
    });
    const output = `${result.stdout}${result.stderr}`;
    const lines = [...output.matchAll(/:(\d+):\d+ lint\/style\/noRestrictedImports/g)].map((m) => Number(m[1]));
    return { lines, output };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('import boundaries (decision 024)', () => {
  it('a web feature imports no other feature and nothing from web/app', () => {
    const { lines, output } = restrictedImports(
      'web/features',
      'scratch.ts',
      [
        "import { shroQueryOptions } from '@/features/shros/api/get-shro';",
        "import { Router } from '@/app/router';",
        "import { cn } from '@/lib/cn';",
        "import { other } from '../chat/api/get-messages';",
        'console.log(shroQueryOptions, Router, cn, other);',
        '',
      ].join('\n'),
    );
    expect(lines).toEqual([1, 2, 4]);
    expect(output).toContain('A web feature imports no other feature and nothing from web/app');
  });

  it('a web feature file deeper in its folder may import its own code but not step out of it', () => {
    const { lines } = restrictedImports(
      'web/features/shros/components',
      'scratch.ts',
      [
        "import { useShro } from '../../api/get-shro';",
        "import { getMessages } from '../../../chat/api/get-messages';",
        'console.log(useShro, getMessages);',
        '',
      ].join('\n'),
    );
    expect(lines).toEqual([2]);
  });

  it('web/lib and web/components import no feature and nothing from web/app', () => {
    const { lines, output } = restrictedImports(
      'web/lib',
      'scratch.ts',
      [
        "import { useShro } from '@/features/shros/api/get-shro';",
        "import { cn } from '@/lib/cn';",
        "import { Router } from '../../app/router';",
        'console.log(useShro, cn, Router);',
        '',
      ].join('\n'),
    );
    expect(lines).toEqual([1, 3]);
    expect(output).toContain('web/lib and web/components import no feature');
  });

  it('contract/ imports nothing from web/, server/, React, Fastify or Drizzle', () => {
    const { lines, output } = restrictedImports(
      'contract',
      'scratch.ts',
      [
        "import { z } from 'zod';",
        "import { useState } from 'react';",
        "import { eq } from 'drizzle-orm';",
        "import Fastify from 'fastify';",
        "import { cn } from '@/lib/cn';",
        "import { users } from '../../server/db/schema/users';",
        "import { PRODUCT_NAME } from '../product';",
        'console.log(z, useState, eq, Fastify, cn, users, PRODUCT_NAME);',
        '',
      ].join('\n'),
    );
    expect(lines).toEqual([2, 3, 4, 5, 6]);
    expect(output).toContain('contract/ holds zod schemas and types only');
  });

  it('a server feature imports another feature only through the names that feature lists for others', () => {
    // The rule matches the specifier `../<feature>/…` as written in a feature's own folder.
    const { lines, output } = restrictedImports(
      'server/features/profiles',
      'service.ts',
      [
        "import { findUserById } from '../auth/queries';",
        "import { insertUser } from '../auth/queries';",
        "import { renderMetaTags } from '../seo/render-meta';",
        "import { notFound } from '../../lib/http-errors';",
        'console.log(findUserById, insertUser, renderMetaTags, notFound);',
        '',
      ].join('\n'),
    );
    expect(lines).toEqual([2, 3]);
    expect(output).toContain('The auth feature exports to other features only what biome.json lists for it');
  });

  it('every server feature has its own rule, and every rule names a feature that exists', () => {
    type Pattern = { group: string[] };
    type Override = {
      includes?: string[];
      linter?: { rules?: { style?: { noRestrictedImports?: { options?: { patterns?: Pattern[] } } } } };
    };
    const biomeConfig = JSON.parse(readFileSync(join(root, 'biome.json'), 'utf8')) as { overrides: Override[] };
    const serverRule = biomeConfig.overrides.find((override) => override.includes?.includes('server/features/**'));
    const ruled = (serverRule?.linter?.rules?.style?.noRestrictedImports?.options?.patterns ?? []).map(
      (pattern) => /^\.\.\/([^/]+)\/\*\*$/.exec(pattern.group[0] ?? '')?.[1],
    );
    const features = readdirSync(join(root, 'server/features'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(ruled.toSorted()).toEqual(features.toSorted());
  });
});
