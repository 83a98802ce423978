import {
  applyDecorators,
  Body,
  Controller,
  Delete,
  HttpCode,
  Param,
  Patch,
  Put,
  type Type,
} from '@nestjs/common';
import { PARAMTYPES_METADATA } from '@nestjs/common/constants.js';
import { ApiTags } from '@nestjs/swagger';
import type { Lang, VisibilityResult } from '@circo/shared-contracts';
import { LangPipe } from '../../../common/pipes/lang.pipe.js';
import { UuidPipe } from '../../../common/pipes/uuid.pipe.js';
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

/**
 * What a controller of a child of a course or formation (a course class, a formation class, a
 * module) does on the routes ChildAdminRoutes gives it. In the object the controller hands to
 * `super`, the doc comment of each is its route's summary in the API's documentation (`npm run
 * openapi:answers` reads it there, as it reads a handler's own).
 */
export interface ChildRoutes<Child, Input> {
  update(id: string, body: Input): Promise<Child>;
  remove(id: string): Promise<void>;
  toggle(id: string, lang: Lang): Promise<VisibilityResult>;
}

/**
 * The routes every admin controller of a child of a course or formation has: PUT `:id` (the body
 * checked against `bodyType`), DELETE `:id` and PATCH `:id/visibility/:lang`. A controller extends
 * `ChildAdminRoutes(BodyDto)<Child>` and hands its ChildRoutes to `super`.
 */
export function ChildAdminRoutes<Input extends object>(bodyType: Type<Input>) {
  abstract class Routes<Child> {
    constructor(private readonly routes: ChildRoutes<Child, Input>) {}

    @Put(':id')
    update(@Param('id', UuidPipe) id: string, @Body() body: Input): Promise<Child> {
      return this.routes.update(id, body);
    }

    @DeleteById()
    remove(@Param('id', UuidPipe) id: string): Promise<void> {
      return this.routes.remove(id);
    }

    @Patch(':id/visibility/:lang')
    toggle(
      @Param('id', UuidPipe) id: string,
      @Param('lang', LangPipe) lang: Lang,
    ): Promise<VisibilityResult> {
      return this.routes.toggle(id, lang);
    }
  }
  // the emitted metadata names a type parameter Object: the validation pipe and the document
  // read the body's class from here
  Reflect.defineMetadata(PARAMTYPES_METADATA, [String, bodyType], Routes.prototype, 'update');
  return Routes;
}
