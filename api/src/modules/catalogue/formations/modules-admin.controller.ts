import { Body, Param, Patch, Post, Put } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { AdminModule, Lang, VisibilityResult } from '@circo/shared-contracts';
import { ModuleBodyDto, OrderBodyDto } from '../admin/admin-bodies.dto.js';
import { LangPipe } from '../../../common/pipes/lang.pipe.js';
import { UuidPipe } from '../../../common/pipes/uuid.pipe.js';
import { FormationAdminService } from './formation-admin.service.js';
import { FormationClassesAdminService } from '../classes/formation-classes-admin.service.js';
import { CatalogueAdminController, DeleteById } from '../admin/admin-routes.js';

/** Admin writes of formation modules. */
@CatalogueAdminController('modules', 'admin: formations')
export class ModulesAdminController {
  constructor(
    private readonly formations: FormationAdminService,
    private readonly classes: FormationClassesAdminService,
  ) {}

  @Post()
  @ApiOperation({ summary: 'Add a module at the end of its formation (formationId required)' })
  create(@Body() body: ModuleBodyDto): Promise<AdminModule> {
    return this.formations.createModule(body);
  }

  /** Updates a module of a formation. */
  @Put(':id')
  update(@Param('id', UuidPipe) id: string, @Body() body: ModuleBodyDto): Promise<AdminModule> {
    return this.formations.updateModule(id, body);
  }

  /** Deletes a module and its classes. */
  @DeleteById()
  remove(@Param('id', UuidPipe) id: string): Promise<void> {
    return this.formations.removeModule(id);
  }

  /** Switches a module on or off in one language. */
  @Patch(':id/visibility/:lang')
  toggle(
    @Param('id', UuidPipe) id: string,
    @Param('lang', LangPipe) lang: Lang,
  ): Promise<VisibilityResult> {
    return this.formations.toggleModuleVisibility(id, lang);
  }

  @Put(':id/classes/order')
  @ApiOperation({ summary: 'Reorder the classes of a module: every class id once, in order' })
  reorder(
    @Param('id', UuidPipe) id: string,
    @Body() body: OrderBodyDto,
  ): Promise<AdminModule['classes']> {
    return this.classes.reorder(id, body.ids);
  }
}
