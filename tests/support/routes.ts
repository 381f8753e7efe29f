import type { FastifyInstance, HTTPMethods } from 'fastify';

/** `METHOD /path` as Fastify registered it, e.g. `GET /api/sessions/:id`. */
export type RouteKey = string;

const METHODS_SKIPPED = new Set(['HEAD', 'OPTIONS']);

/**
 * Every route of a built app, read off `printRoutes()` (a tree whose children append their
 * segment to the parent's path), each one confirmed with `hasRoute`. HEAD twins of GET routes
 * are left out. The web app's static files are not routes here (tests run without a build).
 */
export function collectRoutes(app: FastifyInstance): RouteKey[] {
  const tree = app.printRoutes({ commonPrefix: false });
  const stack: string[] = [];
  const keys = new Set<RouteKey>();
  for (const line of tree.split('\n')) {
    const match = /^(?<indent>[│ ]*)[└├]── (?<segment>\S+)(?: \((?<methods>[A-Z, ]+)\))?$/u.exec(line);
    if (!match?.groups) continue;
    const depth = match.groups.indent!.length / 4;
    const path = (depth > 0 ? stack[depth - 1]! : '') + match.groups.segment!;
    stack[depth] = path;
    stack.length = depth + 1;
    for (const method of (match.groups.methods ?? '').split(',').map((m) => m.trim())) {
      if (!method || METHODS_SKIPPED.has(method)) continue;
      // The tree prints a wildcard without the slash before it (`/a/*` is `*` under `/a`).
      const slashed = path.replace(/(?<!\/)\*$/, '/*');
      if (slashed !== path && app.hasRoute({ method: method as HTTPMethods, url: slashed })) {
        keys.add(`${method} ${slashed}`);
        continue;
      }
      if (!app.hasRoute({ method: method as HTTPMethods, url: path })) {
        throw new Error(`collectRoutes misread the route tree: ${method} ${path} is not a route`);
      }
      keys.add(`${method} ${path}`);
    }
  }
  if (keys.size === 0) throw new Error(`collectRoutes found no routes in:\n${tree}`);
  return [...keys].sort();
}
