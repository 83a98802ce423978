import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { MetadataScanner, ModulesContainer } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AUTH_KEY, type Requirement } from '../../src/modules/auth/auth.decorators.js';

export interface RouteInfo {
  method: string;
  /** Full path under /api with Nest's `:param` placeholders. */
  path: string;
  auth: Requirement | undefined;
  controller: string;
}

const join = (...parts: string[]) =>
  '/' +
  parts
    .flatMap((p) => p.split('/'))
    .filter(Boolean)
    .join('/');

/**
 * Every route the running app serves, read from the Nest router's metadata (controllers of every
 * module): a route added tomorrow is in this list without anyone editing a table.
 */
export function appRoutes(app: NestFastifyApplication): RouteInfo[] {
  const routes: RouteInfo[] = [];
  const scanner = new MetadataScanner();
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const type = wrapper.metatype as (new (...a: unknown[]) => unknown) | undefined;
      if (!type) continue;
      const base = (Reflect.getMetadata(PATH_METADATA, type) as string | undefined) ?? '';
      const classAuth = Reflect.getMetadata(AUTH_KEY, type) as Requirement | undefined;
      const proto = type.prototype as Record<string, unknown>;
      // its own methods and those it inherits (a base class of shared routes), as Nest's router
      for (const key of scanner.getAllMethodNames(proto)) {
        const handler = proto[key] as object;
        const path = Reflect.getMetadata(PATH_METADATA, handler) as string | undefined;
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (path === undefined || method === undefined) continue;
        routes.push({
          method: RequestMethod[method],
          path: join('api', base, path),
          auth: (Reflect.getMetadata(AUTH_KEY, handler) as Requirement | undefined) ?? classAuth,
          controller: type.name,
        });
      }
    }
  }
  return routes;
}

/** A concrete URL for a route pattern: ids become a random-looking UUID, `:lang` becomes es. */
export function concrete(path: string): string {
  return path
    .replace(/:lang\b/g, 'es')
    .replace(/:[A-Za-z]+/g, '3f1c2a40-5b6d-4e7f-8a9b-0c1d2e3f4a5b');
}
