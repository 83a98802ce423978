import { applyDecorators, Controller, Delete, HttpCode } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Auth } from '../../auth/index.js';
import { InvalidatesCatalog } from '../cache/invalidates-catalog.js';

/**
 * An admin controller of what the catalogue shows (courses, formations, vouchers, plans, ...):
 * admins only, listed under `tag` in the API's documentation, and every successful write empties
 * this instance's catalogue cache.
 */
export const CatalogueAdminController = (path: string, tag: string) =>
  applyDecorators(Auth('admin'), Controller(path), InvalidatesCatalog(), ApiTags(tag));

/** DELETE `{path}/:id`, answered 204 without a body. */
export const DeleteById = () => applyDecorators(HttpCode(204), Delete(':id'));
